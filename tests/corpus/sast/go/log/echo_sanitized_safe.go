// stockade-expect: safe CWE-117
package handlers

import (
    "github.com/labstack/echo/v4"
    "log"
    "strconv"
)

func handle(c echo.Context) error {
    value := c.QueryParam("user")
    log.Printf("failed login for %s", strconv.Quote(value))
    return nil
}
