// stockade-expect: vulnerable CWE-1336
package handlers

import (
    "github.com/gin-gonic/gin"
    "text/template"
)

func handle(c *gin.Context) {
    t, _ := template.New("mail").Parse("Dear " + decorate(c.Query("greeting")))
    _ = t
}

func decorate(s string) string {
    return " " + s
}
