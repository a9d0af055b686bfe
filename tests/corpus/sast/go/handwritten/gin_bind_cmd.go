// stockade-expect: vulnerable CWE-78
package api

import (
	"fmt"
	"os/exec"

	"github.com/gin-gonic/gin"
)

type pingReq struct {
	Host string `json:"host" binding:"required"`
}

func Ping(c *gin.Context) {
	var in pingReq
	if err := c.ShouldBindJSON(&in); err != nil {
		c.JSON(400, gin.H{"error": "invalid"})
		return
	}
	script := fmt.Sprintf("ping -c 3 %s", in.Host)
	out, _ := exec.Command("/bin/sh", "-c", script).Output()
	c.String(200, string(out))
}
