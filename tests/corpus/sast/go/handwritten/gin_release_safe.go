// stockade-expect: safe CWE-489
package main

import "github.com/gin-gonic/gin"

func main() {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Run("127.0.0.1:8080")
}
