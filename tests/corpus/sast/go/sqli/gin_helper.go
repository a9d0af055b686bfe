// stockade-expect: vulnerable CWE-89
package handlers

import (
    "github.com/gin-gonic/gin"
    "database/sql"
    "fmt"
)

func handle(c *gin.Context) {
    rows, _ := db.Query(fmt.Sprintf("SELECT * FROM orders WHERE customer = '%s'", decorate(c.Query("customer"))))
    defer rows.Close()
}

func decorate(s string) string {
    return " " + s
}
