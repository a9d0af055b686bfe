// stockade-expect: safe CWE-601
package handlers

import (
    "github.com/gin-gonic/gin"
)

func handle(c *gin.Context) {
    value := c.Query("next")
    value = "default"
    c.Redirect(302, value)
}
