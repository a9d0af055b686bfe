// stockade-expect: annotated
package web

import (
	"fmt"
	"html/template"
	"net/http"

	"github.com/julienschmidt/httprouter"
)

var page = template.Must(template.New("p").Parse(`<h1>{{.}}</h1>`))

func Routes() *httprouter.Router {
	r := httprouter.New()
	r.GET("/orders/:id", show)
	r.GET("/orders/:id/raw", raw)
	return r
}

func show(w http.ResponseWriter, r *http.Request, ps httprouter.Params) {
	// ok: go.xss
	page.Execute(w, ps.ByName("id"))
}

func raw(w http.ResponseWriter, r *http.Request, ps httprouter.Params) {
	w.Header().Set("Content-Type", "text/html")
	// ruleid: go.xss
	fmt.Fprintf(w, "<h1>Order %s</h1>", ps.ByName("id"))
	// ruleid: go.open-redirect
	http.Redirect(w, r, r.URL.Query().Get("back"), http.StatusSeeOther)
}

func rawText(w http.ResponseWriter, r *http.Request, ps httprouter.Params) {
	w.Header().Set("Content-Type", "text/plain")
	// ok: go.xss
	fmt.Fprintf(w, "Order %s", ps.ByName("id"))
	// ok: go.open-redirect
	http.Redirect(w, r, "/orders/"+ps.ByName("id"), http.StatusSeeOther)
}
