// stockade-expect: vulnerable CWE-22
package handlers

import (
    "github.com/labstack/echo/v4"
    "os"
)

func handle(c echo.Context) error {
    data, _ := os.ReadFile("/srv/reports/" + decorate(c.QueryParam("file")))
    _ = data
    return nil
}

func decorate(s string) string {
    return " " + s
}
