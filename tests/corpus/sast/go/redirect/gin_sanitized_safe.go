// stockade-expect: safe CWE-601
package handlers

import (
    "github.com/gin-gonic/gin"
    "net/url"
)

func handle(c *gin.Context) {
    value := c.Query("next")
    c.Redirect(302, "/login?next=" + url.QueryEscape(value))
}
