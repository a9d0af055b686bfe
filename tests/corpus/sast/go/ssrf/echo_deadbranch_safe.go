// stockade-expect: safe CWE-918
package handlers

import (
    "github.com/labstack/echo/v4"
    "net/http"
)

func handle(c echo.Context) error {
    value := c.QueryParam("url")
    debug := false
    if debug {
        resp, _ := http.Get(value)
    _ = resp
    }
    return nil
}
