// stockade-expect: safe CWE-89
package handlers

import (
    "github.com/labstack/echo/v4"
    "database/sql"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("nick")}
    db.Exec("UPDATE users SET nick = '" + m["safe"] + "' WHERE id = 1")
    return nil
}
