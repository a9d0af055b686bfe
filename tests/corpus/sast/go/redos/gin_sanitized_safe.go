// stockade-expect: safe CWE-1333
package handlers

import (
    "github.com/gin-gonic/gin"
    "github.com/dlclark/regexp2"
    "regexp"
)

func handle(c *gin.Context) {
    value := c.Query("pattern")
    re := regexp2.MustCompile(regexp.QuoteMeta(value), 0)
    _ = re
}
