// stockade-expect: annotated
package main

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/go-resty/resty/v2"
	"github.com/gofiber/fiber/v2"
)

var upstreams = map[string]string{
	"billing": "http://billing.internal:8080",
	"search":  "http://search.internal:9200",
}

var rc = resty.New()

func proxy(c *fiber.Ctx) error {
	target := c.Query("url")
	// ruleid: go.ssrf
	resp, err := http.Get(target)
	if err != nil {
		return fiber.ErrBadGateway
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return c.Send(body)
}

func fetchFromHost(c *fiber.Ctx) error {
	host := c.Params("host")
	path := c.Params("*")
	// ruleid: go.ssrf
	res, err := rc.R().Get(fmt.Sprintf("http://%s/%s", host, path))
	if err != nil {
		return fiber.ErrBadGateway
	}
	base, ok := upstreams[c.Query("service")]
	if !ok {
		return fiber.ErrNotFound
	}
	// ok: go.ssrf
	rc.R().Get(base + "/health")
	return c.Send(res.Body())
}

func search(c *fiber.Ctx) error {
	q := c.Query("q")
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	// ruleid: go.xss
	return c.SendString("<h2>Results for " + q + "</h2>")
}

func searchJSON(c *fiber.Ctx) error {
	q := c.Query("q")
	// ok: go.xss
	return c.JSON(fiber.Map{"query": q, "results": []string{}})
}

func logout(c *fiber.Ctx) error {
	next := c.Query("next", "/")
	if u, err := url.Parse(next); err == nil && u.Host == "" && strings.HasPrefix(u.Path, "/") {
		// ok: go.open-redirect
		return c.Redirect(u.Path)
	}
	// ruleid: go.open-redirect
	return c.Redirect(c.Get("Referer"))
}
