// stockade-expect: safe CWE-89
package handlers

import (
    "github.com/gin-gonic/gin"
    "database/sql"
)

func handle(c *gin.Context) {
    _ = c.Query("nick")
    value := "reports"
    db.Exec("UPDATE users SET nick = '" + value + "' WHERE id = 1")
}
