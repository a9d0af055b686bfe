// stockade-expect: safe CWE-22
package handlers

import (
    "github.com/gin-gonic/gin"
    "os"
)

func handle(c *gin.Context) {
    _ = c.Query("file")
    value := "reports"
    data, _ := os.ReadFile("/srv/reports/" + value)
    _ = data
}
