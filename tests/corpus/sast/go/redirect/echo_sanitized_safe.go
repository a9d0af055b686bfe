// stockade-expect: safe CWE-601
package handlers

import (
    "github.com/labstack/echo/v4"
    "net/url"
)

func handle(c echo.Context) error {
    value := c.QueryParam("next")
    c.Redirect(302, "/login?next=" + url.QueryEscape(value))
    return nil
}
