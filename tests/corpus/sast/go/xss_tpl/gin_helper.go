// stockade-expect: vulnerable CWE-79
package handlers

import (
    "github.com/gin-gonic/gin"
    "html/template"
)

func handle(c *gin.Context) {
    page.Execute(c.Writer, map[string]interface{}{{"Bio": template.HTML(decorate(c.Query("bio")))}})
}

func decorate(s string) string {
    return " " + s
}
