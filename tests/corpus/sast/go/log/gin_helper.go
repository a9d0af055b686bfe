// stockade-expect: vulnerable CWE-117
package handlers

import (
    "github.com/gin-gonic/gin"
    "log"
)

func handle(c *gin.Context) {
    log.Printf("failed login for %s", decorate(c.Query("user")))
}

func decorate(s string) string {
    return " " + s
}
