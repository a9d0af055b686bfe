// stockade-expect: safe CWE-117
package handlers

import (
    "github.com/gin-gonic/gin"
    "log"
)

func handle(c *gin.Context) {
    value := c.Query("user")
    value = "default"
    log.Printf("failed login for %s", value)
}
