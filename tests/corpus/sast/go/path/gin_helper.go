// stockade-expect: vulnerable CWE-22
package handlers

import (
    "github.com/gin-gonic/gin"
    "os"
)

func handle(c *gin.Context) {
    data, _ := os.ReadFile("/srv/reports/" + decorate(c.Query("file")))
    _ = data
}

func decorate(s string) string {
    return " " + s
}
