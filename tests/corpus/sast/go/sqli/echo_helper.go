// stockade-expect: vulnerable CWE-89
package handlers

import (
    "github.com/labstack/echo/v4"
    "database/sql"
    "fmt"
)

func handle(c echo.Context) error {
    rows, _ := db.Query(fmt.Sprintf("SELECT * FROM orders WHERE customer = '%s'", decorate(c.QueryParam("customer"))))
    defer rows.Close()
    return nil
}

func decorate(s string) string {
    return " " + s
}
