// stockade-expect: vulnerable CWE-94
package handlers

import (
    "github.com/gin-gonic/gin"
    "github.com/dop251/goja"
)

func handle(c *gin.Context) {
    vm := goja.New()
    vm.RunString(decorate(c.Query("expr")))
}

func decorate(s string) string {
    return " " + s
}
