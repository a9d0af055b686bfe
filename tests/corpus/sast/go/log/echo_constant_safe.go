// stockade-expect: safe CWE-117
package handlers

import (
    "github.com/labstack/echo/v4"
    "log"
)

func handle(c echo.Context) error {
    _ = c.QueryParam("user")
    value := "reports"
    log.Printf("failed login for %s", value)
    return nil
}
