// stockade-expect: safe CWE-501
package handlers

import (
    "github.com/labstack/echo/v4"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("role")}
    sess, _ := store.Get(c.Request(), "app")
    sess.Values["role"] = m["safe"]
    return nil
}
