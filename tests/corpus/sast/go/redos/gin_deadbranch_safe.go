// stockade-expect: safe CWE-1333
package handlers

import (
    "github.com/gin-gonic/gin"
    "github.com/dlclark/regexp2"
)

func handle(c *gin.Context) {
    value := c.Query("pattern")
    debug := false
    if debug {
        re := regexp2.MustCompile(value, 0)
    _ = re
    }
}
