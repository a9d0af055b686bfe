// stockade-expect: vulnerable CWE-89
package handlers

import (
    "github.com/gin-gonic/gin"
    "database/sql"
    "fmt"
)

func handle(c *gin.Context) {
    value := c.Query("customer")
    rows, _ := db.Query(fmt.Sprintf("SELECT * FROM orders WHERE customer = '%s'", value))
    defer rows.Close()
}
