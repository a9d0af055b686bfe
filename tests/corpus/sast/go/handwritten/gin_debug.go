// stockade-expect: vulnerable CWE-489
package main

import "github.com/gin-gonic/gin"

func main() {
	gin.SetMode(gin.DebugMode)
	r := gin.Default()
	r.Run()
}
