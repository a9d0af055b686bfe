// stockade-expect: safe CWE-915
package api

import "github.com/gin-gonic/gin"

type profileInput struct {
	Name string `json:"name"`
}

func UpdateProfile(c *gin.Context) {
	var in profileInput
	if err := c.BindJSON(&in); err != nil {
		return
	}
	db.Model(&User{}).Where("id = ?", c.GetInt("uid")).Updates(map[string]interface{}{"name": "x"})
}
