// stockade-expect: vulnerable CWE-79
package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func Greet(c echo.Context) error {
	name := c.Param("name")
	return c.HTML(http.StatusOK, "<h1>Welcome back, "+name+"!</h1>")
}
