// stockade-expect: safe CWE-601
package handlers

import (
    "github.com/labstack/echo/v4"
)

func handle(c echo.Context) error {
    _ = c.QueryParam("next")
    value := "reports"
    c.Redirect(302, value)
    return nil
}
