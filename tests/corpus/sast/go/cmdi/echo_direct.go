// stockade-expect: vulnerable CWE-78
package handlers

import (
    "github.com/labstack/echo/v4"
    "os/exec"
)

func handle(c echo.Context) error {
    value := c.QueryParam("host")
    out, _ := exec.Command("sh", "-c", "nslookup "+value).CombinedOutput()
    _ = out
    return nil
}
