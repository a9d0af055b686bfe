// stockade-expect: safe CWE-79
package handlers

import (
    "github.com/labstack/echo/v4"
    "fmt"
)

func handle(c echo.Context) error {
    value := c.QueryParam("q")
    value = "default"
    fmt.Fprintf(c.Response(), "<p>Results for %s</p>", value)
    return nil
}
