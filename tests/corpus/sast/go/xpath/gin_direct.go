// stockade-expect: vulnerable CWE-643
package handlers

import (
    "github.com/gin-gonic/gin"
    "github.com/antchfx/xmlquery"
)

func handle(c *gin.Context) {
    value := c.Query("name")
    n := xmlquery.FindOne(doc, "//account[name='"+value+"']")
    _ = n
}
