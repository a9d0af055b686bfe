// stockade-expect: vulnerable CWE-1336
package handlers

import (
    "github.com/labstack/echo/v4"
    "text/template"
)

func handle(c echo.Context) error {
    t, _ := template.New("mail").Parse("Dear " + decorate(c.QueryParam("greeting")))
    _ = t
    return nil
}

func decorate(s string) string {
    return " " + s
}
