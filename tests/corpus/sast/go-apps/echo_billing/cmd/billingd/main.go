// stockade-expect: annotated
package main

import (
	"crypto/tls"
	"database/sql"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	_ "github.com/lib/pq"

	"example.com/billing/internal/api"
)

func main() {
	// ruleid: go.hardcoded-credentials
	db, err := sqlx.Open("postgres", "postgres://billing:B1llingPass!@db:5432/billing?sslmode=require")
	if err != nil {
		log.Fatal(err)
	}
	// ok: go.hardcoded-credentials
	other, err := sql.Open("postgres", os.Getenv("BILLING_DSN"))
	if err != nil {
		log.Fatal(err)
	}
	defer other.Close()

	e := echo.New()
	e.Use(middleware.CORSWithConfig(middleware.CORSConfig{
		// ruleid: go.cors-any-origin-with-credentials
		AllowOrigins:     []string{"*"},
		AllowCredentials: true,
	}))
	e.Use(middleware.CORSWithConfig(middleware.CORSConfig{
		// ok: go.cors-any-origin-with-credentials
		AllowOrigins:     []string{"https://billing.example.com"},
		AllowCredentials: true,
	}))

	client := &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			// ruleid: go.tls-insecure-skip-verify
			TLSClientConfig: &tls.Config{InsecureSkipVerify: true},
		},
	}
	strict := &http.Client{
		Transport: &http.Transport{
			// ok: go.tls-insecure-skip-verify
			TLSClientConfig: &tls.Config{MinVersion: tls.VersionTLS12},
		},
	}
	_ = strict

	h := &api.Handler{DB: db, Client: client}
	e.GET("/invoices", h.List)
	e.GET("/invoices/:id", h.Get)
	e.GET("/receipt", h.Receipt)
	e.POST("/render", h.Render)
	e.POST("/notify", h.Notify)

	srv := &http.Server{
		Addr:    ":8443",
		Handler: e,
		TLSConfig: &tls.Config{
			// ruleid: go.tls-old-version
			MinVersion: tls.VersionTLS10,
		},
	}
	safe := &http.Server{
		Addr:              ":9443",
		ReadHeaderTimeout: 5 * time.Second,
		TLSConfig: &tls.Config{
			// ok: go.tls-old-version
			MinVersion: tls.VersionTLS13,
		},
	}
	_ = safe
	log.Fatal(srv.ListenAndServeTLS("cert.pem", "key.pem"))
}
