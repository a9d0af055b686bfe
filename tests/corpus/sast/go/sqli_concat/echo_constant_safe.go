// stockade-expect: safe CWE-89
package handlers

import (
    "github.com/labstack/echo/v4"
    "database/sql"
)

func handle(c echo.Context) error {
    _ = c.QueryParam("nick")
    value := "reports"
    db.Exec("UPDATE users SET nick = '" + value + "' WHERE id = 1")
    return nil
}
