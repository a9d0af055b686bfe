// stockade-expect: vulnerable CWE-79
package handlers

import (
    "net/http"
    "fmt"
)

func handle(w http.ResponseWriter, r *http.Request) {
    fmt.Fprintf(w, "<p>Results for %s</p>", decorate(r.URL.Query().Get("q")))
}

func decorate(s string) string {
    return " " + s
}
