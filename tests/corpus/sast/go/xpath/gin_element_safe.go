// stockade-expect: safe CWE-643
package handlers

import (
    "github.com/gin-gonic/gin"
    "github.com/antchfx/xmlquery"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("name")}
    n := xmlquery.FindOne(doc, "//account[name='"+m["safe"]+"']")
    _ = n
}
