// stockade-expect: annotated
package main

import (
	"log"
	"os"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/cors"
	"github.com/gofiber/fiber/v2/middleware/session"
)

var sessions = session.New(session.Config{
	// ruleid: go.session-options-insecure
	CookieSecure:   false,
	CookieHTTPOnly: true,
})

func main() {
	app := fiber.New(fiber.Config{BodyLimit: 4 << 20})
	// ruleid: go.cors-any-origin-with-credentials
	app.Use(cors.New(cors.Config{AllowOrigins: "*", AllowCredentials: true}))

	app.Get("/proxy", proxy)
	app.Get("/fetch/:host/*", fetchFromHost)
	app.Get("/files/*", serveFile)
	app.Post("/upload", upload)
	app.Get("/search", search)
	app.Get("/logout", logout)

	// ruleid: go.bind-all-interfaces
	log.Fatal(app.Listen("0.0.0.0:" + os.Getenv("PORT")))
}
