// stockade-expect: safe CWE-117
package handlers

import (
    "github.com/labstack/echo/v4"
    "log"
)

func handle(c echo.Context) error {
    value := c.QueryParam("user")
    value = "default"
    log.Printf("failed login for %s", value)
    return nil
}
