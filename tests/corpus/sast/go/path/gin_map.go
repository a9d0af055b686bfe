// stockade-expect: vulnerable CWE-22
package handlers

import (
    "github.com/gin-gonic/gin"
    "os"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("file")}
    data, _ := os.ReadFile("/srv/reports/" + m["user"])
    _ = data
}
