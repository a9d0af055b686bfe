// stockade-expect: vulnerable CWE-94
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/dop251/goja"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("expr")}
    vm := goja.New()
    vm.RunString(m["user"])
    return nil
}
