// stockade-expect: annotated
package main

import (
	"crypto/tls"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"example.com/admin/handlers"
)

func main() {
	e := echo.New()
	// ruleid: go.echo-debug-mode
	e.Debug = true
	// ruleid: go.cors-any-origin-with-credentials
	e.Use(middleware.CORSWithConfig(middleware.CORSConfig{AllowOrigins: []string{"*"}, AllowCredentials: true}))
	e.Use(middleware.CSRFWithConfig(middleware.CSRFConfig{
		TokenLookup: "header:X-CSRF-Token",
		// ruleid: go.csrf-insecure-cookie
		CookieSecure: false,
	}))

	h := handlers.New()
	e.POST("/tools/ping", h.Ping)
	e.POST("/tools/archive", h.Archive)
	e.GET("/report", h.Report)
	e.POST("/webhooks/test", h.TestWebhook)
	e.POST("/login", h.Login)
	e.GET("/logs/:name", h.Logs)

	server := &http.Server{
		Addr:    ":8443",
		Handler: e,
		// ruleid: go.tls-old-version
		TLSConfig: &tls.Config{MinVersion: tls.VersionTLS10},
	}
	e.Logger.Fatal(server.ListenAndServeTLS("cert.pem", "key.pem"))
}
