// stockade-expect: safe CWE-643
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/antchfx/xmlquery"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("name")}
    n := xmlquery.FindOne(doc, "//account[name='"+m["safe"]+"']")
    _ = n
    return nil
}
