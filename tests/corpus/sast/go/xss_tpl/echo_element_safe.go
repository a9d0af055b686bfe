// stockade-expect: safe CWE-79
package handlers

import (
    "github.com/labstack/echo/v4"
    "html/template"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("bio")}
    page.Execute(c.Response(), map[string]interface{}{{"Bio": template.HTML(m["safe"])}})
    return nil
}
