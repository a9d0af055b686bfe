// stockade-expect: vulnerable CWE-501
package handlers

import (
    "github.com/gin-gonic/gin"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("role")}
    sess, _ := store.Get(c.Request, "app")
    sess.Values["role"] = m["user"]
}
