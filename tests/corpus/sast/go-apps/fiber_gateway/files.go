// stockade-expect: annotated
package main

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/gofiber/fiber/v2"
)

const root = "/srv/gateway/public"

func serveFile(c *fiber.Ctx) error {
	name := c.Params("*")
	// ruleid: go.path-traversal
	return c.SendFile(root + "/" + name)
}

func serveFileSafe(c *fiber.Ctx) error {
	name := filepath.Clean("/" + c.Params("*"))
	full := filepath.Join(root, name)
	if !strings.HasPrefix(full, root+string(os.PathSeparator)) {
		return fiber.ErrForbidden
	}
	// ok: go.path-traversal
	return c.SendFile(full)
}

func upload(c *fiber.Ctx) error {
	fh, err := c.FormFile("document")
	if err != nil {
		return fiber.ErrBadRequest
	}
	// ruleid: go.path-traversal
	if err := c.SaveFile(fh, filepath.Join("/srv/gateway/uploads", fh.Filename)); err != nil {
		return err
	}
	// ok: go.path-traversal
	c.SaveFile(fh, filepath.Join("/srv/gateway/uploads", filepath.Base(fh.Filename)))
	var meta struct {
		Folder string `json:"folder"`
	}
	if err := c.BodyParser(&meta); err != nil {
		return fiber.ErrBadRequest
	}
	// ruleid: go.path-traversal
	return os.MkdirAll(filepath.Join("/srv/gateway/uploads", meta.Folder), 0o750)
}
