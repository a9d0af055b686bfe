// stockade-expect: vulnerable CWE-643
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/antchfx/xmlquery"
)

func handle(c echo.Context) error {
    value := c.QueryParam("name")
    n := xmlquery.FindOne(doc, "//account[name='"+value+"']")
    _ = n
    return nil
}
