// stockade-expect: safe CWE-79
package web

import "github.com/gin-gonic/gin"

func Echo(c *gin.Context) {
	msg := c.Query("msg")
	c.JSON(200, gin.H{"message": msg})
}
