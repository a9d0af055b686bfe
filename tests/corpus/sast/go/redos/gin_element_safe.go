// stockade-expect: safe CWE-1333
package handlers

import (
    "github.com/gin-gonic/gin"
    "github.com/dlclark/regexp2"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("pattern")}
    re := regexp2.MustCompile(m["safe"], 0)
    _ = re
}
