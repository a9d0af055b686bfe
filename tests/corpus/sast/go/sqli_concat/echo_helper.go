// stockade-expect: vulnerable CWE-89
package handlers

import (
    "github.com/labstack/echo/v4"
    "database/sql"
)

func handle(c echo.Context) error {
    db.Exec("UPDATE users SET nick = '" + decorate(c.QueryParam("nick")) + "' WHERE id = 1")
    return nil
}

func decorate(s string) string {
    return " " + s
}
