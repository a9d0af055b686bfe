// stockade-expect: safe CWE-89
package handlers

import (
    "github.com/gin-gonic/gin"
    "database/sql"
    "fmt"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("customer")}
    rows, _ := db.Query(fmt.Sprintf("SELECT * FROM orders WHERE customer = '%s'", m["safe"]))
    defer rows.Close()
}
