// stockade-expect: annotated
package handlers

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"gorm.io/gorm"
)

type Pages struct {
	DB   *gorm.DB
	Root string
	Tmpl *template.Template
}

type Page struct {
	ID    uint
	Slug  string
	Title string
	Body  string
}

type pageView struct {
	Title string
	Body  template.HTML
}

func (p *Pages) Show(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	var page Page
	// ruleid: go.sql-injection
	p.DB.Raw("SELECT * FROM pages WHERE slug = '" + slug + "'").Scan(&page)
	// ok: go.sql-injection
	p.DB.Raw("SELECT * FROM pages WHERE slug = ?", slug).Scan(&page)
	// ruleid: go.xss
	p.Tmpl.Execute(w, pageView{Title: page.Title, Body: template.HTML(r.URL.Query().Get("preview"))})
	// ok: go.xss
	p.Tmpl.Execute(w, pageView{Title: r.URL.Query().Get("preview"), Body: template.HTML(page.Body)})
}

func (p *Pages) Search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	order := r.URL.Query().Get("order")
	var pages []Page
	// ruleid: go.sql-injection
	p.DB.Where("title LIKE '%" + q + "%'").Order(order).Find(&pages)
	// ok: go.sql-injection
	p.DB.Where("title LIKE ?", "%"+q+"%").Find(&pages)
	w.Header().Set("Content-Type", "text/html")
	// ruleid: go.xss
	fmt.Fprintf(w, "<p>%d results for %s</p>", len(pages), q)
	// ok: go.xss
	fmt.Fprintf(w, "<p>%d results for %s</p>", len(pages), template.HTMLEscapeString(q))
}

func (p *Pages) Attachment(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	// ruleid: go.path-traversal
	http.ServeFile(w, r, filepath.Join(p.Root, "attachments", name))
}

func (p *Pages) AttachmentSafe(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	full := filepath.Join(p.Root, "attachments", filepath.Clean("/"+name))
	if !strings.HasPrefix(full, filepath.Join(p.Root, "attachments")+string(os.PathSeparator)) {
		http.Error(w, "bad name", http.StatusBadRequest)
		return
	}
	// ok: go.path-traversal
	http.ServeFile(w, r, full)
}

type uploadMeta struct {
	Filename string `json:"filename"`
	Content  string `json:"content"`
}

func (p *Pages) Upload(w http.ResponseWriter, r *http.Request) {
	var meta uploadMeta
	if err := json.NewDecoder(r.Body).Decode(&meta); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	// ruleid: go.path-traversal
	if err := os.WriteFile(filepath.Join(p.Root, "uploads", meta.Filename), []byte(meta.Content), 0o600); err != nil {
		http.Error(w, "write failed", http.StatusInternalServerError)
		return
	}
	// ok: go.path-traversal
	_ = os.WriteFile(filepath.Join(p.Root, "uploads", filepath.Base(meta.Filename)), []byte(meta.Content), 0o600)
	// ruleid: go.log-injection
	log.Printf("uploaded " + meta.Filename)
	// ok: go.log-injection
	log.Printf("uploaded %q", meta.Filename)
	w.WriteHeader(http.StatusCreated)
}

func (p *Pages) Import(w http.ResponseWriter, r *http.Request) {
	src := r.FormValue("url")
	// ruleid: go.ssrf
	resp, err := http.Get(src)
	if err != nil {
		http.Error(w, "fetch failed", http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	// ok: go.ssrf
	mirror, err := http.Get("https://mirror.example.com/pages/" + filepath.Base(src))
	if err == nil {
		mirror.Body.Close()
	}
	w.Write(body[:0])
}

func (p *Pages) Raw(w http.ResponseWriter, r *http.Request) {
	text := r.FormValue("text")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// ruleid: go.xss
	io.WriteString(w, "<pre>"+text+"</pre>")
	// ok: go.xss
	io.WriteString(w, "<pre>"+template.HTMLEscapeString(text)+"</pre>")
}
