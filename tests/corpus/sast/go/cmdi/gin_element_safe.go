// stockade-expect: safe CWE-78
package handlers

import (
    "github.com/gin-gonic/gin"
    "os/exec"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("host")}
    out, _ := exec.Command("sh", "-c", "nslookup "+m["safe"]).CombinedOutput()
    _ = out
}
