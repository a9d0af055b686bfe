// stockade-expect: vulnerable CWE-94
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/dop251/goja"
)

func handle(c echo.Context) error {
    vm := goja.New()
    vm.RunString(decorate(c.QueryParam("expr")))
    return nil
}

func decorate(s string) string {
    return " " + s
}
