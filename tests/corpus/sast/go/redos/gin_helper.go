// stockade-expect: vulnerable CWE-1333
package handlers

import (
    "github.com/gin-gonic/gin"
    "github.com/dlclark/regexp2"
)

func handle(c *gin.Context) {
    re := regexp2.MustCompile(decorate(c.Query("pattern")), 0)
    _ = re
}

func decorate(s string) string {
    return " " + s
}
