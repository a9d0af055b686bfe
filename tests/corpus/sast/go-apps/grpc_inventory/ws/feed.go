// stockade-expect: annotated
package ws

import (
	"database/sql"
	"html/template"
	"log"
	"net/http"

	"github.com/gorilla/websocket"
)

// ruleid: go.cors-any-origin-func
var upgrader = websocket.Upgrader{CheckOrigin: func(r *http.Request) bool { return true }}

var strict = websocket.Upgrader{CheckOrigin: func(r *http.Request) bool {
	// ok: go.cors-any-origin-func
	return r.Header.Get("Origin") == "https://inventory.example.com"
}}

type Feed struct {
	DB   *sql.DB
	Page *template.Template
}

func (f *Feed) Serve(w http.ResponseWriter, r *http.Request) {
	conn, err := strict.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer conn.Close()
	for {
		_, msg, err := conn.ReadMessage()
		if err != nil {
			return
		}
		// ruleid: go.sql-injection
		rows, err := f.DB.Query("SELECT sku, qty FROM stock WHERE sku LIKE '" + string(msg) + "%'")
		if err != nil {
			log.Printf("query: %v", err)
			continue
		}
		rows.Close()
		// ok: go.sql-injection
		f.DB.Query("SELECT sku, qty FROM stock WHERE sku LIKE $1", string(msg)+"%")
	}
}

func (f *Feed) Dashboard(w http.ResponseWriter, r *http.Request) {
	note := r.URL.Query().Get("note")
	// ok: go.xss
	f.Page.Execute(w, map[string]any{"Note": note})
	// ruleid: go.xss
	f.Page.Execute(w, map[string]any{"Note": template.HTML(note)})
	// ruleid: go.open-redirect
	http.Redirect(w, r, r.URL.Query().Get("back"), http.StatusFound)
}
