// stockade-expect: safe CWE-643
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/antchfx/xmlquery"
)

func handle(c echo.Context) error {
    _ = c.QueryParam("name")
    value := "reports"
    n := xmlquery.FindOne(doc, "//account[name='"+value+"']")
    _ = n
    return nil
}
