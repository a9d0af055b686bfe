// stockade-expect: safe CWE-79
package handlers

import (
    "net/http"
    "fmt"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("q")
    value = "default"
    fmt.Fprintf(w, "<p>Results for %s</p>", value)
}
