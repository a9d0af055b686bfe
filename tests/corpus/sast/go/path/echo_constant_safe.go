// stockade-expect: safe CWE-22
package handlers

import (
    "github.com/labstack/echo/v4"
    "os"
)

func handle(c echo.Context) error {
    _ = c.QueryParam("file")
    value := "reports"
    data, _ := os.ReadFile("/srv/reports/" + value)
    _ = data
    return nil
}
