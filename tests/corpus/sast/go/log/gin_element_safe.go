// stockade-expect: safe CWE-117
package handlers

import (
    "github.com/gin-gonic/gin"
    "log"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("user")}
    log.Printf("failed login for %s", m["safe"])
}
