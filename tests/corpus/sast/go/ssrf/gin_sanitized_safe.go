// stockade-expect: safe CWE-918
package handlers

import (
    "github.com/gin-gonic/gin"
    "net/url"
    "net/http"
)

func handle(c *gin.Context) {
    value := c.Query("url")
    resp, _ := http.Get("https://api.example.com/q?u=" + url.QueryEscape(value))
    _ = resp
}
