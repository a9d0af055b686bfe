// stockade-expect: safe CWE-601
package handlers

import (
    "github.com/gin-gonic/gin"
)

func handle(c *gin.Context) {
    value := c.Query("next")
    debug := false
    if debug {
        c.Redirect(302, value)
    }
}
