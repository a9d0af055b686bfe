// stockade-expect: safe CWE-117
package handlers

import (
    "github.com/gin-gonic/gin"
    "log"
)

func handle(c *gin.Context) {
    _ = c.Query("user")
    value := "reports"
    log.Printf("failed login for %s", value)
}
