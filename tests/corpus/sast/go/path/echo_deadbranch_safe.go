// stockade-expect: safe CWE-22
package handlers

import (
    "github.com/labstack/echo/v4"
    "os"
)

func handle(c echo.Context) error {
    value := c.QueryParam("file")
    debug := false
    if debug {
        data, _ := os.ReadFile("/srv/reports/" + value)
    _ = data
    }
    return nil
}
