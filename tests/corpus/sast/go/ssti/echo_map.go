// stockade-expect: vulnerable CWE-1336
package handlers

import (
    "github.com/labstack/echo/v4"
    "text/template"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("greeting")}
    t, _ := template.New("mail").Parse("Dear " + m["user"])
    _ = t
    return nil
}
