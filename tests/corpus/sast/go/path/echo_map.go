// stockade-expect: vulnerable CWE-22
package handlers

import (
    "github.com/labstack/echo/v4"
    "os"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("file")}
    data, _ := os.ReadFile("/srv/reports/" + m["user"])
    _ = data
    return nil
}
