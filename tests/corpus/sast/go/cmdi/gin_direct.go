// stockade-expect: vulnerable CWE-78
package handlers

import (
    "github.com/gin-gonic/gin"
    "os/exec"
)

func handle(c *gin.Context) {
    value := c.Query("host")
    out, _ := exec.Command("sh", "-c", "nslookup "+value).CombinedOutput()
    _ = out
}
