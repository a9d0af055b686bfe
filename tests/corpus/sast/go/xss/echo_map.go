// stockade-expect: vulnerable CWE-79
package handlers

import (
    "github.com/labstack/echo/v4"
    "fmt"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("q")}
    fmt.Fprintf(c.Response(), "<p>Results for %s</p>", m["user"])
    return nil
}
