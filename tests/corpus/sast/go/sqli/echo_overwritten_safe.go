// stockade-expect: safe CWE-89
package handlers

import (
    "github.com/labstack/echo/v4"
    "database/sql"
    "fmt"
)

func handle(c echo.Context) error {
    value := c.QueryParam("customer")
    value = "default"
    rows, _ := db.Query(fmt.Sprintf("SELECT * FROM orders WHERE customer = '%s'", value))
    defer rows.Close()
    return nil
}
