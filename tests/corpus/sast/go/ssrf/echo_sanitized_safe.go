// stockade-expect: safe CWE-918
package handlers

import (
    "github.com/labstack/echo/v4"
    "net/url"
    "net/http"
)

func handle(c echo.Context) error {
    value := c.QueryParam("url")
    resp, _ := http.Get("https://api.example.com/q?u=" + url.QueryEscape(value))
    _ = resp
    return nil
}
