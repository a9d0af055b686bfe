// stockade-expect: vulnerable CWE-89
package handlers

import (
    "github.com/gin-gonic/gin"
    "database/sql"
)

func handle(c *gin.Context) {
    db.Exec("UPDATE users SET nick = '" + decorate(c.Query("nick")) + "' WHERE id = 1")
}

func decorate(s string) string {
    return " " + s
}
