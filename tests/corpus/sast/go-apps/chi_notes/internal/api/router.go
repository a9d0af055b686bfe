// stockade-expect: annotated
package api

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"

	"example.com/notes/internal/store"
)

type API struct {
	store *store.PG
	pool  *pgxpool.Pool
	notes *mongo.Collection
	tmpl  *template.Template
}

func NewRouter(s *store.PG) http.Handler {
	a := &API{store: s}
	r := chi.NewRouter()
	r.Get("/notes/{id}", a.getNote)
	r.Get("/notes", a.listNotes)
	r.Post("/notes/import", a.importNotes)
	r.Get("/notes/search", a.searchMongo)
	r.Get("/hello", a.hello)
	r.Post("/prefs", a.prefs)
	return r
}

func (a *API) getNote(w http.ResponseWriter, r *http.Request) {
	id := chi.URLParam(r, "id")
	var title, body string
	// ruleid: go.sql-injection-pgx
	err := a.pool.QueryRow(r.Context(), "SELECT title, body FROM notes WHERE id = '"+id+"'").Scan(&title, &body)
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	// ok: go.sql-injection-pgx
	a.pool.QueryRow(r.Context(), "SELECT title, body FROM notes WHERE id = $1", id).Scan(&title, &body)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]string{"title": title, "body": body})
}

func (a *API) listNotes(w http.ResponseWriter, r *http.Request) {
	owner := r.URL.Query().Get("owner")
	sort := r.URL.Query().Get("sort")
	// ruleid: go.sql-injection-pgx
	rows, err := a.pool.Query(r.Context(), fmt.Sprintf("SELECT id, title FROM notes WHERE owner = $1 ORDER BY %s", sort), owner)
	if err != nil {
		http.Error(w, "query failed", http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	// ok: go.sql-injection-pgx
	a.pool.Exec(r.Context(), fmt.Sprintf("UPDATE stats SET last_page = %d", page))
	notes, _ := a.store.ByTag(r.Context(), r.URL.Query().Get("tag"))
	json.NewEncoder(w).Encode(notes)
}

type importDoc struct {
	XMLName xml.Name `xml:"notes"`
	Notes   []struct {
		Title string `xml:"title"`
		Body  string `xml:"body"`
	} `xml:"note"`
}

func (a *API) importNotes(w http.ResponseWriter, r *http.Request) {
	var doc importDoc
	// ok: go.xxe-libxml2
	if err := xml.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&doc); err != nil {
		http.Error(w, "bad xml", http.StatusBadRequest)
		return
	}
	for _, n := range doc.Notes {
		// ruleid: go.sql-injection-pgx
		a.pool.Exec(r.Context(), "INSERT INTO notes(title, body) VALUES ('"+n.Title+"', '"+n.Body+"')")
		// ok: go.sql-injection-pgx
		a.pool.Exec(r.Context(), "INSERT INTO notes(title, body) VALUES ($1, $2)", n.Title, n.Body)
	}
	w.WriteHeader(http.StatusCreated)
}

func (a *API) searchMongo(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	// ruleid: go.nosql-injection-where
	cur, err := a.notes.Find(r.Context(), bson.M{"$where": "this.title.indexOf('" + q + "') >= 0"})
	if err != nil {
		http.Error(w, "search failed", http.StatusInternalServerError)
		return
	}
	defer cur.Close(r.Context())
	// ok: go.nosql-injection-where
	a.notes.Find(r.Context(), bson.M{"title": bson.M{"$regex": "^" + regexpQuote(q)}})
	// ok: go.nosql-injection-where
	a.notes.Find(r.Context(), bson.D{{Key: "owner", Value: q}})
	w.WriteHeader(http.StatusOK)
}

func regexpQuote(s string) string { return fmt.Sprintf("%q", s) }

func (a *API) hello(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// ruleid: go.xss
	io.WriteString(w, "<p>Hello, "+name+"</p>")
	// ok: go.xss
	a.tmpl.ExecuteTemplate(w, "hello.html", map[string]string{"Name": name})
	// ruleid: go.xss
	a.tmpl.ExecuteTemplate(w, "hello.html", map[string]interface{}{"Style": template.CSS(r.URL.Query().Get("style"))})
}

func (a *API) prefs(w http.ResponseWriter, r *http.Request) {
	theme := r.FormValue("theme")
	// ruleid: go.cookie-not-secure
	http.SetCookie(w, &http.Cookie{Name: "theme", Value: theme, HttpOnly: true})
	// ok: go.cookie-not-secure
	http.SetCookie(w, &http.Cookie{Name: "session_hint", Value: "1", Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	w.WriteHeader(http.StatusNoContent)
}
