// stockade-expect: safe CWE-89
package handlers

import (
    "github.com/gin-gonic/gin"
    "database/sql"
    "fmt"
    "strconv"
)

func handle(c *gin.Context) {
    value := c.Query("customer")
    rows, _ := db.Query(fmt.Sprintf("SELECT * FROM orders WHERE customer = '%s'", strconv.Itoa(atoi(value))))
    defer rows.Close()
}

func atoi(s string) int {
    n, _ := strconv.Atoi(s)
    return n
}
