// stockade-expect: vulnerable CWE-643
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/antchfx/xmlquery"
)

func handle(c echo.Context) error {
    n := xmlquery.FindOne(doc, "//account[name='"+decorate(c.QueryParam("name"))+"']")
    _ = n
    return nil
}

func decorate(s string) string {
    return " " + s
}
