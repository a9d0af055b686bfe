// stockade-expect: vulnerable CWE-601
package handlers

import (
    "github.com/gin-gonic/gin"
)

func handle(c *gin.Context) {
    c.Redirect(302, decorate(c.Query("next")))
}

func decorate(s string) string {
    return " " + s
}
