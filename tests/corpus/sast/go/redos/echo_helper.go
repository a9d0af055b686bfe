// stockade-expect: vulnerable CWE-1333
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/dlclark/regexp2"
)

func handle(c echo.Context) error {
    re := regexp2.MustCompile(decorate(c.QueryParam("pattern")), 0)
    _ = re
    return nil
}

func decorate(s string) string {
    return " " + s
}
