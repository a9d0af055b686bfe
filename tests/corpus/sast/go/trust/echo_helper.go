// stockade-expect: vulnerable CWE-501
package handlers

import (
    "github.com/labstack/echo/v4"
)

func handle(c echo.Context) error {
    sess, _ := store.Get(c.Request(), "app")
    sess.Values["role"] = decorate(c.QueryParam("role"))
    return nil
}

func decorate(s string) string {
    return " " + s
}
