// stockade-expect: safe CWE-918
package handlers

import (
    "github.com/gin-gonic/gin"
    "net/http"
)

func handle(c *gin.Context) {
    _ = c.Query("url")
    value := "reports"
    resp, _ := http.Get(value)
    _ = resp
}
