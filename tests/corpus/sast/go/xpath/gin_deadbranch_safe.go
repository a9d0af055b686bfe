// stockade-expect: safe CWE-643
package handlers

import (
    "github.com/gin-gonic/gin"
    "github.com/antchfx/xmlquery"
)

func handle(c *gin.Context) {
    value := c.Query("name")
    debug := false
    if debug {
        n := xmlquery.FindOne(doc, "//account[name='"+value+"']")
    _ = n
    }
}
