// stockade-expect: vulnerable CWE-79
package handlers

import (
    "github.com/labstack/echo/v4"
    "fmt"
)

func handle(c echo.Context) error {
    fmt.Fprintf(c.Response(), "<p>Results for %s</p>", decorate(c.QueryParam("q")))
    return nil
}

func decorate(s string) string {
    return " " + s
}
