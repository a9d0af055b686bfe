// stockade-expect: safe CWE-1336
package handlers

import (
    "github.com/labstack/echo/v4"
    "text/template"
)

func handle(c echo.Context) error {
    value := c.QueryParam("greeting")
    value = "default"
    t, _ := template.New("mail").Parse("Dear " + value)
    _ = t
    return nil
}
