// stockade-expect: vulnerable CWE-89
package handlers

import (
    "github.com/gin-gonic/gin"
    "database/sql"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("nick")}
    db.Exec("UPDATE users SET nick = '" + m["user"] + "' WHERE id = 1")
}
