// stockade-expect: safe CWE-89
package handlers

import (
    "github.com/labstack/echo/v4"
    "database/sql"
    "fmt"
    "strconv"
)

func handle(c echo.Context) error {
    value := c.QueryParam("customer")
    rows, _ := db.Query(fmt.Sprintf("SELECT * FROM orders WHERE customer = '%s'", strconv.Itoa(atoi(value))))
    defer rows.Close()
    return nil
}

func atoi(s string) int {
    n, _ := strconv.Atoi(s)
    return n
}
