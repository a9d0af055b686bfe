// stockade-expect: annotated
package catalog

import (
	"context"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"gorm.io/gorm"
)

type API struct {
	DB    *gorm.DB
	Mongo *mongo.Collection
	Redis *redis.Client
}

type Product struct {
	ID    uint
	Name  string
	Price int
}

type searchReq struct {
	Name  string `json:"name"`
	Where string `json:"where"`
	Limit int    `json:"limit"`
}

func (a *API) Search(c *gin.Context) {
	var req searchReq
	if err := c.ShouldBindJSON(&req); err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	var out []Product
	// ruleid: go.sql-injection
	a.DB.Raw("SELECT * FROM products WHERE name = '" + req.Name + "' LIMIT " + strconv.Itoa(req.Limit)).Scan(&out)
	// ok: go.sql-injection
	a.DB.Where("name = ?", req.Name).Limit(req.Limit).Find(&out)
	// ruleid: go.nosql-injection
	cur, err := a.Mongo.Find(context.TODO(), bson.M{"$where": req.Where})
	if err == nil {
		cur.Close(context.TODO())
	}
	// ok: go.nosql-injection
	cur, err = a.Mongo.Find(context.TODO(), bson.M{"name": req.Name})
	if err == nil {
		cur.Close(context.TODO())
	}
	c.JSON(http.StatusOK, out)
}

func (a *API) Banner(c *gin.Context) {
	msg := c.Query("msg")
	// ruleid: go.xss
	c.Data(http.StatusOK, "text/html; charset=utf-8", []byte("<div class=banner>"+msg+"</div>"))
	// ok: go.xss
	c.Data(http.StatusOK, "text/plain; charset=utf-8", []byte("banner: "+msg))
}

func (a *API) Counter(c *gin.Context) {
	key := c.Param("key")
	// ruleid: go.code-injection
	a.Redis.Eval(c, "return redis.call('INCR', '"+key+"')", nil)
	// ok: go.code-injection
	a.Redis.Eval(c, "return redis.call('INCR', KEYS[1])", []string{key})
	c.Status(http.StatusNoContent)
}

func (a *API) Delete(c *gin.Context) {
	id := c.Param("id")
	// ruleid: go.sql-injection
	a.DB.Exec("DELETE FROM products WHERE id = " + id)
	n, err := strconv.Atoi(id)
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	// ok: go.sql-injection
	a.DB.Exec("DELETE FROM products WHERE id = " + strconv.Itoa(n))
	c.Status(http.StatusNoContent)
}
