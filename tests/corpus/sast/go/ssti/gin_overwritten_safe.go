// stockade-expect: safe CWE-1336
package handlers

import (
    "github.com/gin-gonic/gin"
    "text/template"
)

func handle(c *gin.Context) {
    value := c.Query("greeting")
    value = "default"
    t, _ := template.New("mail").Parse("Dear " + value)
    _ = t
}
