// stockade-expect: vulnerable CWE-1336
package handlers

import (
    "github.com/gin-gonic/gin"
    "text/template"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("greeting")}
    t, _ := template.New("mail").Parse("Dear " + m["user"])
    _ = t
}
