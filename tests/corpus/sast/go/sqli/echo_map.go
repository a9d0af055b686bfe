// stockade-expect: vulnerable CWE-89
package handlers

import (
    "github.com/labstack/echo/v4"
    "database/sql"
    "fmt"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("customer")}
    rows, _ := db.Query(fmt.Sprintf("SELECT * FROM orders WHERE customer = '%s'", m["user"]))
    defer rows.Close()
    return nil
}
