// stockade-expect: safe CWE-94
package handlers

import (
    "github.com/gin-gonic/gin"
    "github.com/dop251/goja"
)

func handle(c *gin.Context) {
    value := c.Query("expr")
    value = "default"
    vm := goja.New()
    vm.RunString(value)
}
