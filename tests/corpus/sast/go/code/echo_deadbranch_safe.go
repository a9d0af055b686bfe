// stockade-expect: safe CWE-94
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/dop251/goja"
)

func handle(c echo.Context) error {
    value := c.QueryParam("expr")
    debug := false
    if debug {
        vm := goja.New()
    vm.RunString(value)
    }
    return nil
}
