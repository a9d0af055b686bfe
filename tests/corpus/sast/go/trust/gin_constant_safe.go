// stockade-expect: safe CWE-501
package handlers

import (
    "github.com/gin-gonic/gin"
)

func handle(c *gin.Context) {
    _ = c.Query("role")
    value := "reports"
    sess, _ := store.Get(c.Request, "app")
    sess.Values["role"] = value
}
