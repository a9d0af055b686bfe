// stockade-expect: annotated
package httpapi

import (
	"context"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	texttemplate "text/template"

	"github.com/go-chi/chi/v5"
	"github.com/go-pg/pg/v10"
	"github.com/jackc/pgx/v5"
)

type API struct {
	Conn  *pgx.Conn
	PG    *pg.DB
	Dir   string
	Pages *template.Template
}

type Media struct {
	ID    int64
	Owner string
	Path  string
}

func (a *API) Routes(r chi.Router) {
	r.Get("/media/{id}", a.Get)
	r.Get("/media/by-owner", a.ByOwner)
	r.Post("/media", a.Upload)
	r.Get("/media/{id}/transcode", a.Transcode)
	r.Get("/caption", a.Caption)
	r.Get("/back", a.Back)
}

func (a *API) Get(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	var m Media
	// ruleid: go.sql-injection
	err := a.Conn.QueryRow(context.Background(), "SELECT id, owner, path FROM media WHERE id = "+id).Scan(&m.ID, &m.Owner, &m.Path)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	// ok: go.sql-injection
	_ = a.Conn.QueryRow(context.Background(), "SELECT id, owner, path FROM media WHERE id = $1", id).Scan(&m.ID, &m.Owner, &m.Path)
	a.Pages.ExecuteTemplate(w, "media.html", m)
}

func (a *API) ByOwner(w http.ResponseWriter, r *http.Request) {
	owner := r.URL.Query()["owner"][0]
	var items []Media
	// ruleid: go.sql-injection
	err := a.PG.Model(&items).Where("owner = '" + owner + "'").Select()
	if err != nil {
		http.Error(w, "db", http.StatusInternalServerError)
		return
	}
	// ok: go.sql-injection
	_ = a.PG.Model(&items).Where("owner = ?", owner).Select()
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"count": %d, "owner": %q}`, len(items), owner)
}

func (a *API) Upload(w http.ResponseWriter, r *http.Request) {
	file, header, err := r.FormFile("file")
	if err != nil {
		http.Error(w, "no file", http.StatusBadRequest)
		return
	}
	defer file.Close()
	// ruleid: go.path-traversal
	out, err := os.Create(filepath.Join(a.Dir, header.Filename))
	if err != nil {
		http.Error(w, "create", http.StatusInternalServerError)
		return
	}
	defer out.Close()
	io.Copy(out, file)
	// ok: go.path-traversal
	safe, err := os.Create(filepath.Join(a.Dir, filepath.Base(header.Filename)))
	if err == nil {
		safe.Close()
	}
	w.WriteHeader(http.StatusCreated)
}

func (a *API) Transcode(w http.ResponseWriter, r *http.Request) {
	codec := r.URL.Query().Get("codec")
	// ruleid: go.command-injection
	cmd := exec.Command("bash", "-c", "ffmpeg -i /media/in.mp4 -c:v "+codec+" /media/out.mp4")
	if err := cmd.Run(); err != nil {
		http.Error(w, "transcode", http.StatusInternalServerError)
		return
	}
	// ok: go.command-injection
	cmd = exec.Command("ffmpeg", "-i", "/media/in.mp4", "-c:v", "libx264", "/media/out.mp4")
	_ = cmd.Run()
}

func (a *API) Caption(w http.ResponseWriter, r *http.Request) {
	tpl := r.URL.Query().Get("tpl")
	// ruleid: go.template-injection
	t, err := texttemplate.New("caption").Parse(tpl)
	if err != nil {
		http.Error(w, "bad template", http.StatusBadRequest)
		return
	}
	// ok: go.template-injection
	fixed := texttemplate.Must(texttemplate.New("caption").Parse("{{.Owner}}: {{.Path}}"))
	w.Header().Set("Content-Type", "text/plain")
	t.Execute(w, Media{})
	fixed.Execute(w, Media{Owner: tpl})
}

func (a *API) Back(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.open-redirect
	http.Redirect(w, r, r.Referer(), http.StatusFound)
}

func (a *API) Home(w http.ResponseWriter, r *http.Request) {
	// ok: go.open-redirect
	http.Redirect(w, r, "/media", http.StatusFound)
}
