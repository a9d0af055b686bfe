// stockade-expect: safe CWE-79
package handlers

import (
    "net/http"
    "fmt"
    "html"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("q")
    fmt.Fprintf(w, "<p>Results for %s</p>", html.EscapeString(value))
}
