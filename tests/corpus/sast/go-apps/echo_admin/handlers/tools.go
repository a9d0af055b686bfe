// stockade-expect: annotated
package handlers

import (
	"context"
	"fmt"
	htmltemplate "html/template"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"text/template"
	"time"

	"github.com/labstack/echo/v4"
)

type Handlers struct {
	client *http.Client
	ldap   LDAPAuthenticator
}

type LDAPAuthenticator interface {
	Authenticate(user, password string) (bool, error)
}

func New() *Handlers {
	return &Handlers{client: &http.Client{Timeout: 10 * time.Second}}
}

type pingRequest struct {
	Host  string `json:"host"`
	Count int    `json:"count"`
}

func (h *Handlers) Ping(c echo.Context) error {
	var req pingRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad request")
	}
	// ruleid: go.command-injection
	out, err := exec.Command("/bin/sh", "-c", fmt.Sprintf("ping -c %d %s", req.Count, req.Host)).CombinedOutput()
	if err != nil {
		return c.String(http.StatusBadGateway, "ping failed")
	}
	if net.ParseIP(req.Host) == nil {
		return echo.NewHTTPError(http.StatusBadRequest, "not an IP address")
	}
	// ok: go.command-injection
	out, err = exec.CommandContext(c.Request().Context(), "ping", "-c", "3", "--", req.Host).CombinedOutput()
	return c.Blob(http.StatusOK, "text/plain", out)
}

func (h *Handlers) Archive(c echo.Context) error {
	dir := c.FormValue("dir")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// ruleid: go.command-injection
	cmd := exec.CommandContext(ctx, "bash", "-c", "tar czf /backups/site.tgz "+dir)
	if err := cmd.Run(); err != nil {
		return err
	}
	// ok: go.command-injection
	return exec.CommandContext(ctx, "tar", "czf", "/backups/site.tgz", "-C", "/srv", "--", filepath.Base(dir)).Run()
}

func (h *Handlers) Report(c echo.Context) error {
	title := c.QueryParam("title")
	// ruleid: go.template-injection
	t, err := template.New("report").Parse("<h1>" + title + "</h1>{{range .}}<p>{{.}}</p>{{end}}")
	if err != nil {
		return err
	}
	// ok: go.template-injection
	safe := htmltemplate.Must(htmltemplate.New("report").Parse("<h1>{{.Title}}</h1>"))
	safe.Execute(c.Response(), map[string]string{"Title": title})
	// ruleid: go.xss-text-template
	return t.Execute(c.Response(), []string{c.QueryParam("line")})
}

func (h *Handlers) TestWebhook(c echo.Context) error {
	target := c.FormValue("url")
	// ruleid: go.ssrf
	resp, err := h.client.Get(target)
	if err != nil {
		return c.String(http.StatusBadGateway, "unreachable")
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))

	u, err := url.Parse(target)
	if err != nil || u.Host != "hooks.example.com" {
		return echo.NewHTTPError(http.StatusBadRequest, "host not allowed")
	}
	// ruleid: go.ssrf
	req, _ := http.NewRequestWithContext(c.Request().Context(), http.MethodPost, c.FormValue("callback"), nil)
	h.client.Do(req)
	// ok: go.ssrf
	h.client.Post("https://hooks.example.com/v1/ping?site="+url.QueryEscape(c.FormValue("site")), "text/plain", nil)
	return c.String(http.StatusOK, string(body))
}

func (h *Handlers) Login(c echo.Context) error {
	user := c.FormValue("user")
	ok, err := h.ldap.Authenticate(user, c.FormValue("password"))
	if err != nil || !ok {
		// ruleid: go.log-injection
		log.Printf("failed login for %s from %s", user, c.RealIP())
		return echo.ErrUnauthorized
	}
	// ok: go.log-injection
	log.Printf("login for %q", user)
	return c.NoContent(http.StatusNoContent)
}

func (h *Handlers) Logs(c echo.Context) error {
	name := c.Param("name")
	// ruleid: go.path-traversal
	f, err := os.Open("/var/log/admin/" + name)
	if err != nil {
		return echo.ErrNotFound
	}
	defer f.Close()
	// ok: go.path-traversal
	return c.File(filepath.Join("/var/log/admin", filepath.Base(name)))
}
