// stockade-expect: safe CWE-78
package handlers

import (
    "github.com/gin-gonic/gin"
    "os/exec"
)

func handle(c *gin.Context) {
    _ = c.Query("host")
    value := "reports"
    out, _ := exec.Command("sh", "-c", "nslookup "+value).CombinedOutput()
    _ = out
}
