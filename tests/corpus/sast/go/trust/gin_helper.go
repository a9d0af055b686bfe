// stockade-expect: vulnerable CWE-501
package handlers

import (
    "github.com/gin-gonic/gin"
)

func handle(c *gin.Context) {
    sess, _ := store.Get(c.Request, "app")
    sess.Values["role"] = decorate(c.Query("role"))
}

func decorate(s string) string {
    return " " + s
}
