// stockade-expect: safe CWE-501
package handlers

import (
    "github.com/labstack/echo/v4"
)

func handle(c echo.Context) error {
    _ = c.QueryParam("role")
    value := "reports"
    sess, _ := store.Get(c.Request(), "app")
    sess.Values["role"] = value
    return nil
}
