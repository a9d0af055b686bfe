// stockade-expect: vulnerable CWE-918
package handlers

import (
    "github.com/gin-gonic/gin"
    "net/http"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("url")}
    resp, _ := http.Get(m["user"])
    _ = resp
}
