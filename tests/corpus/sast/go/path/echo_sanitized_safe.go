// stockade-expect: safe CWE-22
package handlers

import (
    "github.com/labstack/echo/v4"
    "os"
    "path/filepath"
)

func handle(c echo.Context) error {
    value := c.QueryParam("file")
    data, _ := os.ReadFile("/srv/reports/" + filepath.Base(value))
    _ = data
    return nil
}
