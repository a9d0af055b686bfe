// stockade-expect: safe CWE-78
package handlers

import (
    "github.com/labstack/echo/v4"
    "os/exec"
    "github.com/alessio/shellescape"
)

func handle(c echo.Context) error {
    value := c.QueryParam("host")
    out, _ := exec.Command("sh", "-c", "nslookup "+shellescape.Quote(value)).CombinedOutput()
    _ = out
    return nil
}
