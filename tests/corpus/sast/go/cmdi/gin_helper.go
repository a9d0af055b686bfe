// stockade-expect: vulnerable CWE-78
package handlers

import (
    "github.com/gin-gonic/gin"
    "os/exec"
)

func handle(c *gin.Context) {
    out, _ := exec.Command("sh", "-c", "nslookup "+decorate(c.Query("host"))).CombinedOutput()
    _ = out
}

func decorate(s string) string {
    return " " + s
}
