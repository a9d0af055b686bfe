// stockade-expect: safe CWE-1336
package handlers

import (
    "github.com/gin-gonic/gin"
    "text/template"
)

func handle(c *gin.Context) {
    _ = c.Query("greeting")
    value := "reports"
    t, _ := template.New("mail").Parse("Dear " + value)
    _ = t
}
