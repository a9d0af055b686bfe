// stockade-expect: vulnerable CWE-915
package api

import "github.com/gin-gonic/gin"

func UpdateProfile(c *gin.Context) {
	var changes map[string]interface{}
	if err := c.BindJSON(&changes); err != nil {
		return
	}
	db.Model(&User{}).Where("id = ?", c.GetInt("uid")).Updates(changes)
}
