// stockade-expect: safe CWE-78
package handlers

import (
    "github.com/labstack/echo/v4"
    "os/exec"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("host")}
    out, _ := exec.Command("sh", "-c", "nslookup "+m["safe"]).CombinedOutput()
    _ = out
    return nil
}
