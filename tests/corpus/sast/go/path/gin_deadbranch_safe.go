// stockade-expect: safe CWE-22
package handlers

import (
    "github.com/gin-gonic/gin"
    "os"
)

func handle(c *gin.Context) {
    value := c.Query("file")
    debug := false
    if debug {
        data, _ := os.ReadFile("/srv/reports/" + value)
    _ = data
    }
}
