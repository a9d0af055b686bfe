// stockade-expect: safe CWE-22
package handlers

import (
    "github.com/gin-gonic/gin"
    "os"
    "path/filepath"
)

func handle(c *gin.Context) {
    value := c.Query("file")
    data, _ := os.ReadFile("/srv/reports/" + filepath.Base(value))
    _ = data
}
