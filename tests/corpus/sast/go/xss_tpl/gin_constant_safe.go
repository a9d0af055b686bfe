// stockade-expect: safe CWE-79
package handlers

import (
    "github.com/gin-gonic/gin"
    "html/template"
)

func handle(c *gin.Context) {
    _ = c.Query("bio")
    value := "reports"
    page.Execute(c.Writer, map[string]interface{}{{"Bio": template.HTML(value)}})
}
