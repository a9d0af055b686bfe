// stockade-expect: safe CWE-79
package handlers

import (
    "github.com/gin-gonic/gin"
    "fmt"
    "html"
)

func handle(c *gin.Context) {
    value := c.Query("q")
    fmt.Fprintf(c.Writer, "<p>Results for %s</p>", html.EscapeString(value))
}
