// stockade-expect: safe CWE-117
package handlers

import (
    "github.com/labstack/echo/v4"
    "log"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("user")}
    log.Printf("failed login for %s", m["safe"])
    return nil
}
