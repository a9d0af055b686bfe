// stockade-expect: vulnerable CWE-117
package handlers

import (
    "github.com/gin-gonic/gin"
    "log"
)

func handle(c *gin.Context) {
    value := c.Query("user")
    log.Printf("failed login for %s", value)
}
