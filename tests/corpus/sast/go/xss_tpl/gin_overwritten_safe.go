// stockade-expect: safe CWE-79
package handlers

import (
    "github.com/gin-gonic/gin"
    "html/template"
)

func handle(c *gin.Context) {
    value := c.Query("bio")
    value = "default"
    page.Execute(c.Writer, map[string]interface{}{{"Bio": template.HTML(value)}})
}
