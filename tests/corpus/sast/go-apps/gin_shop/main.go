// stockade-expect: annotated
package main

import (
	"log"
	"net/http"
	"os"
	"time"

	"github.com/gin-contrib/cors"
	"github.com/gin-gonic/gin"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"

	"example.com/shop/config"
	"example.com/shop/handlers"
	"example.com/shop/repository"
)

func main() {
	cfg := config.Load()
	db, err := gorm.Open(postgres.Open(cfg.DatabaseURL), &gorm.Config{})
	if err != nil {
		log.Fatalf("open database: %v", err)
	}

	r := gin.New()
	r.Use(gin.Recovery())
	// ruleid: go.cors-any-origin-with-credentials
	r.Use(cors.New(cors.Config{AllowOrigins: []string{"*"}, AllowCredentials: true, AllowMethods: []string{"GET", "POST"}}))

	products := handlers.NewProductHandler(repository.NewProductRepo(db))
	api := r.Group("/api")
	api.GET("/products", products.Search)
	api.GET("/products/:id", products.Get)
	api.GET("/products/export", products.Export)
	api.POST("/products/:id/image", products.UploadImage)
	api.GET("/download", products.Download)
	api.GET("/go", products.Away)
	api.GET("/preview", products.Preview)

	srv := &http.Server{
		Addr:              ":" + os.Getenv("PORT"),
		Handler:           r,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	// ok: go.http-server-no-timeouts
	log.Fatal(srv.ListenAndServe())
}
