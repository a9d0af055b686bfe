// stockade-expect: vulnerable CWE-78
package handlers

import (
    "github.com/labstack/echo/v4"
    "os/exec"
)

func handle(c echo.Context) error {
    out, _ := exec.Command("sh", "-c", "nslookup "+decorate(c.QueryParam("host"))).CombinedOutput()
    _ = out
    return nil
}

func decorate(s string) string {
    return " " + s
}
