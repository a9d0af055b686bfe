// stockade-expect: vulnerable CWE-918
package handlers

import (
    "github.com/gin-gonic/gin"
    "net/http"
)

func handle(c *gin.Context) {
    resp, _ := http.Get(decorate(c.Query("url")))
    _ = resp
}

func decorate(s string) string {
    return " " + s
}
