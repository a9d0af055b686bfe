// stockade-expect: vulnerable CWE-601
package handlers

import (
    "github.com/gin-gonic/gin"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("next")}
    c.Redirect(302, m["user"])
}
