// stockade-expect: vulnerable CWE-601
package handlers

import (
    "github.com/labstack/echo/v4"
)

func handle(c echo.Context) error {
    value := c.QueryParam("next")
    c.Redirect(302, value)
    return nil
}
