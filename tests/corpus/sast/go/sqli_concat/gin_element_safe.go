// stockade-expect: safe CWE-89
package handlers

import (
    "github.com/gin-gonic/gin"
    "database/sql"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("nick")}
    db.Exec("UPDATE users SET nick = '" + m["safe"] + "' WHERE id = 1")
}
