// stockade-expect: vulnerable CWE-79
package handlers

import (
    "github.com/gin-gonic/gin"
    "fmt"
)

func handle(c *gin.Context) {
    fmt.Fprintf(c.Writer, "<p>Results for %s</p>", decorate(c.Query("q")))
}

func decorate(s string) string {
    return " " + s
}
