// stockade-expect: vulnerable CWE-22
package handlers

import (
    "github.com/gin-gonic/gin"
    "os"
)

func handle(c *gin.Context) {
    value := c.Query("file")
    data, _ := os.ReadFile("/srv/reports/" + value)
    _ = data
}
