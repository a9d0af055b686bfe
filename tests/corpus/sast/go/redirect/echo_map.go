// stockade-expect: vulnerable CWE-601
package handlers

import (
    "github.com/labstack/echo/v4"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("next")}
    c.Redirect(302, m["user"])
    return nil
}
