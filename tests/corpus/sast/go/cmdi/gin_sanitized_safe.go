// stockade-expect: safe CWE-78
package handlers

import (
    "github.com/gin-gonic/gin"
    "os/exec"
    "github.com/alessio/shellescape"
)

func handle(c *gin.Context) {
    value := c.Query("host")
    out, _ := exec.Command("sh", "-c", "nslookup "+shellescape.Quote(value)).CombinedOutput()
    _ = out
}
