// stockade-expect: safe CWE-918
package handlers

import (
    "github.com/gin-gonic/gin"
    "net/http"
)

func handle(c *gin.Context) {
    value := c.Query("url")
    value = "default"
    resp, _ := http.Get(value)
    _ = resp
}
