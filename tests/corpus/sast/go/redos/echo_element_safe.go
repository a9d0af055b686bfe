// stockade-expect: safe CWE-1333
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/dlclark/regexp2"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("pattern")}
    re := regexp2.MustCompile(m["safe"], 0)
    _ = re
    return nil
}
