// stockade-expect: safe CWE-89
package handlers

import (
    "github.com/gin-gonic/gin"
    "database/sql"
)

func handle(c *gin.Context) {
    value := c.Query("nick")
    debug := false
    if debug {
        db.Exec("UPDATE users SET nick = '" + value + "' WHERE id = 1")
    }
}
