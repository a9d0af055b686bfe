// stockade-expect: annotated
package admin

import (
	"os"
	"path/filepath"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"
)

type Admin struct {
	DB *sqlx.DB
}

func (a *Admin) Register(app *fiber.App) {
	app.Get("/admin/users", func(c *fiber.Ctx) error {
		role := c.Query("role")
		var users []string
		// ruleid: go.sql-injection
		if err := a.DB.Select(&users, "SELECT name FROM users WHERE role = '"+role+"'"); err != nil {
			return err
		}
		// ok: go.sql-injection
		if err := a.DB.Select(&users, "SELECT name FROM users WHERE role = ?", role); err != nil {
			return err
		}
		return c.JSON(users)
	})
	app.Get("/admin/logs/:name", func(c *fiber.Ctx) error {
		// ruleid: go.path-traversal
		return c.SendFile(filepath.Join("/var/log/app", c.Params("name")))
	})
	app.Get("/admin/logs-safe/:name", func(c *fiber.Ctx) error {
		// ok: go.path-traversal
		return c.SendFile(filepath.Join("/var/log/app", filepath.Base(c.Params("name"))))
	})
	app.Get("/admin/hello", func(c *fiber.Ctx) error {
		c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
		// ruleid: go.xss
		return c.SendString("<h1>Hello " + c.Query("who") + "</h1>")
	})
	app.Get("/admin/hello-text", func(c *fiber.Ctx) error {
		// ok: go.xss
		return c.SendString("Hello " + c.Query("who"))
	})
	app.Get("/admin/env", func(c *fiber.Ctx) error {
		// ok: go.path-traversal
		return c.SendFile(os.Getenv("ADMIN_README"))
	})
}
