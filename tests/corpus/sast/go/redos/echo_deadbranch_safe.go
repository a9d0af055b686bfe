// stockade-expect: safe CWE-1333
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/dlclark/regexp2"
)

func handle(c echo.Context) error {
    value := c.QueryParam("pattern")
    debug := false
    if debug {
        re := regexp2.MustCompile(value, 0)
    _ = re
    }
    return nil
}
