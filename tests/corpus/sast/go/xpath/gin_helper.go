// stockade-expect: vulnerable CWE-643
package handlers

import (
    "github.com/gin-gonic/gin"
    "github.com/antchfx/xmlquery"
)

func handle(c *gin.Context) {
    n := xmlquery.FindOne(doc, "//account[name='"+decorate(c.Query("name"))+"']")
    _ = n
}

func decorate(s string) string {
    return " " + s
}
