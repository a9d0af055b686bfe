// stockade-expect: safe CWE-601
package handlers

import (
    "github.com/labstack/echo/v4"
)

func handle(c echo.Context) error {
    value := c.QueryParam("next")
    value = "default"
    c.Redirect(302, value)
    return nil
}
