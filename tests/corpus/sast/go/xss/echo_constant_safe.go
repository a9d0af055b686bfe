// stockade-expect: safe CWE-79
package handlers

import (
    "github.com/labstack/echo/v4"
    "fmt"
)

func handle(c echo.Context) error {
    _ = c.QueryParam("q")
    value := "reports"
    fmt.Fprintf(c.Response(), "<p>Results for %s</p>", value)
    return nil
}
