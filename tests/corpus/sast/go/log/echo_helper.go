// stockade-expect: vulnerable CWE-117
package handlers

import (
    "github.com/labstack/echo/v4"
    "log"
)

func handle(c echo.Context) error {
    log.Printf("failed login for %s", decorate(c.QueryParam("user")))
    return nil
}

func decorate(s string) string {
    return " " + s
}
