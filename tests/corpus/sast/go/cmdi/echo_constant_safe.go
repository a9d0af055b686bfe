// stockade-expect: safe CWE-78
package handlers

import (
    "github.com/labstack/echo/v4"
    "os/exec"
)

func handle(c echo.Context) error {
    _ = c.QueryParam("host")
    value := "reports"
    out, _ := exec.Command("sh", "-c", "nslookup "+value).CombinedOutput()
    _ = out
    return nil
}
