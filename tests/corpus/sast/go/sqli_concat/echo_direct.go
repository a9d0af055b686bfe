// stockade-expect: vulnerable CWE-89
package handlers

import (
    "github.com/labstack/echo/v4"
    "database/sql"
)

func handle(c echo.Context) error {
    value := c.QueryParam("nick")
    db.Exec("UPDATE users SET nick = '" + value + "' WHERE id = 1")
    return nil
}
