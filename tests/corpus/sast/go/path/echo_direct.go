// stockade-expect: vulnerable CWE-22
package handlers

import (
    "github.com/labstack/echo/v4"
    "os"
)

func handle(c echo.Context) error {
    value := c.QueryParam("file")
    data, _ := os.ReadFile("/srv/reports/" + value)
    _ = data
    return nil
}
