// stockade-expect: vulnerable CWE-918
package handlers

import (
    "github.com/labstack/echo/v4"
    "net/http"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("url")}
    resp, _ := http.Get(m["user"])
    _ = resp
    return nil
}
