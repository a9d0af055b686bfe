// stockade-expect: safe CWE-1333
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/dlclark/regexp2"
    "regexp"
)

func handle(c echo.Context) error {
    value := c.QueryParam("pattern")
    re := regexp2.MustCompile(regexp.QuoteMeta(value), 0)
    _ = re
    return nil
}
