// stockade-expect: vulnerable CWE-79
package handlers

import (
    "github.com/labstack/echo/v4"
    "html/template"
)

func handle(c echo.Context) error {
    page.Execute(c.Response(), map[string]interface{}{{"Bio": template.HTML(decorate(c.QueryParam("bio")))}})
    return nil
}

func decorate(s string) string {
    return " " + s
}
