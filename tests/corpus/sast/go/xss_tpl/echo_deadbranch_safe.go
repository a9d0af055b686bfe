// stockade-expect: safe CWE-79
package handlers

import (
    "github.com/labstack/echo/v4"
    "html/template"
)

func handle(c echo.Context) error {
    value := c.QueryParam("bio")
    debug := false
    if debug {
        page.Execute(c.Response(), map[string]interface{}{{"Bio": template.HTML(value)}})
    }
    return nil
}
