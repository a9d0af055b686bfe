// stockade-expect: safe CWE-79
package handlers

import (
    "github.com/gin-gonic/gin"
    "fmt"
)

func handle(c *gin.Context) {
    value := c.Query("q")
    debug := false
    if debug {
        fmt.Fprintf(c.Writer, "<p>Results for %s</p>", value)
    }
}
