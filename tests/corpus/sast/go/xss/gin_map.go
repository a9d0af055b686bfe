// stockade-expect: vulnerable CWE-79
package handlers

import (
    "github.com/gin-gonic/gin"
    "fmt"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("q")}
    fmt.Fprintf(c.Writer, "<p>Results for %s</p>", m["user"])
}
