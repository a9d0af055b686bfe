// stockade-expect: vulnerable CWE-918
package handlers

import (
    "github.com/labstack/echo/v4"
    "net/http"
)

func handle(c echo.Context) error {
    resp, _ := http.Get(decorate(c.QueryParam("url")))
    _ = resp
    return nil
}

func decorate(s string) string {
    return " " + s
}
