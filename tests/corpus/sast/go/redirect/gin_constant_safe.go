// stockade-expect: safe CWE-601
package handlers

import (
    "github.com/gin-gonic/gin"
)

func handle(c *gin.Context) {
    _ = c.Query("next")
    value := "reports"
    c.Redirect(302, value)
}
