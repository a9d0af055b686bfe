// stockade-expect: safe CWE-78
package api

import (
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
	out, _ := exec.Command("ping", "-c", "3", in.Host).Output()
	c.String(200, string(out))
}
