// stockade-expect: safe CWE-79
package handlers

import (
    "github.com/gin-gonic/gin"
    "html/template"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("bio")}
    page.Execute(c.Writer, map[string]interface{}{{"Bio": template.HTML(m["safe"])}})
}
