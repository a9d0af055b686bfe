// stockade-expect: vulnerable CWE-601
package handlers

import (
    "github.com/labstack/echo/v4"
)

func handle(c echo.Context) error {
    c.Redirect(302, decorate(c.QueryParam("next")))
    return nil
}

func decorate(s string) string {
    return " " + s
}
