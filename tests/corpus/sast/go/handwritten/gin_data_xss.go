// stockade-expect: vulnerable CWE-79
package web

import "github.com/gin-gonic/gin"

func Preview(c *gin.Context) {
	body := c.PostForm("body")
	c.Data(200, "text/html; charset=utf-8", []byte("<article>"+body+"</article>"))
}
