// stockade-expect: safe CWE-79
package handlers

import (
    "net/http"
    "fmt"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("q")}
    fmt.Fprintf(w, "<p>Results for %s</p>", m["safe"])
}
