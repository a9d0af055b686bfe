// stockade-expect: annotated
package web

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"

	"github.com/gorilla/mux"
	"github.com/jmoiron/sqlx"
	"github.com/sirupsen/logrus"
)

type Server struct {
	DB        *sqlx.DB
	UploadDir string
}

type Account struct {
	ID    int64  `db:"id"`
	Email string `db:"email"`
}

func (s *Server) Routes() *mux.Router {
	r := mux.NewRouter()
	r.HandleFunc("/accounts/{id}", s.account).Methods(http.MethodGet)
	r.HandleFunc("/accounts/search", s.search).Methods(http.MethodGet)
	r.HandleFunc("/avatar", s.avatar).Methods(http.MethodPost)
	r.HandleFunc("/files/{name}", s.file).Methods(http.MethodGet)
	r.HandleFunc("/diag", s.diag).Methods(http.MethodPost)
	r.HandleFunc("/continue", s.next).Methods(http.MethodGet)
	r.HandleFunc("/probe", s.probe).Methods(http.MethodGet)
	return r
}

func (s *Server) account(w http.ResponseWriter, r *http.Request) {
	id := mux.Vars(r)["id"]
	var a Account
	// ruleid: go.sql-injection
	if err := s.DB.Get(&a, fmt.Sprintf("SELECT id, email FROM accounts WHERE id = %s", id)); err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	// ok: go.sql-injection
	s.DB.Get(&a, "SELECT id, email FROM accounts WHERE id = $1", id)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(a)
}

func (s *Server) search(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	// ruleid: go.xss
	w.Write([]byte(fmt.Sprintf("<p>No results for %s</p>", q)))
	// ok: go.xss
	fmt.Fprintf(w, "<p>No results for %s</p>", html.EscapeString(q))
	// ok: go.redos
	if _, err := regexp.Compile(q); err != nil {
		return
	}
	// ruleid: go.log-injection
	logrus.Infof("search for %s", q)
	// ok: go.log-injection
	logrus.WithField("query", q).Info("search")
}

func (s *Server) avatar(w http.ResponseWriter, r *http.Request) {
	file, header, err := r.FormFile("avatar")
	if err != nil {
		http.Error(w, "no file", http.StatusBadRequest)
		return
	}
	defer file.Close()
	// ruleid: go.path-traversal
	out, err := os.OpenFile(filepath.Join(s.UploadDir, header.Filename), os.O_CREATE|os.O_WRONLY, 0o640)
	if err != nil {
		http.Error(w, "cannot save", http.StatusInternalServerError)
		return
	}
	defer out.Close()
	io.Copy(out, file)
}

func (s *Server) file(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["name"]
	// ruleid: go.path-traversal
	http.ServeFile(w, r, filepath.Join(s.UploadDir, name))
	if !filepath.IsLocal(name) {
		http.Error(w, "bad name", http.StatusBadRequest)
		return
	}
	// ok: go.path-traversal
	http.ServeFile(w, r, filepath.Join(s.UploadDir, name))
}

type diagRequest struct {
	Tool string   `json:"tool"`
	Args []string `json:"args"`
}

func (s *Server) diag(w http.ResponseWriter, r *http.Request) {
	var req diagRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	// ruleid: go.command-injection
	out, _ := exec.Command(req.Tool, req.Args...).CombinedOutput()
	tools := map[string]string{"uptime": "/usr/bin/uptime", "df": "/bin/df"}
	path, ok := tools[req.Tool]
	if !ok {
		http.Error(w, "unknown tool", http.StatusBadRequest)
		return
	}
	// ok: go.command-injection
	out, _ = exec.Command(path).CombinedOutput()
	w.Header().Set("Content-Type", "text/plain")
	w.Write(out)
}

func (s *Server) next(w http.ResponseWriter, r *http.Request) {
	u, err := url.Parse(r.FormValue("next"))
	if err != nil {
		http.Error(w, "bad url", http.StatusBadRequest)
		return
	}
	// ruleid: go.open-redirect
	http.Redirect(w, r, u.String(), http.StatusSeeOther)
	// ok: go.open-redirect
	http.Redirect(w, r, "/accounts/"+url.PathEscape(u.Path), http.StatusSeeOther)
}

func (s *Server) probe(w http.ResponseWriter, r *http.Request) {
	addr := r.URL.Query().Get("addr")
	// ruleid: go.ssrf
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		http.Error(w, "unreachable", http.StatusBadGateway)
		return
	}
	conn.Close()
	target := r.URL.Query().Get("url")
	// ruleid: go.ssrf
	req, _ := http.NewRequest(http.MethodGet, target, nil)
	http.DefaultClient.Do(req)
	// ok: go.ssrf
	http.Get("https://status.example.com/api?host=" + url.QueryEscape(addr))
}
