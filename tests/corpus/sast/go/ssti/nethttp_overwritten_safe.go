// stockade-expect: safe CWE-1336
package handlers

import (
    "net/http"
    "text/template"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("greeting")
    value = "default"
    t, _ := template.New("mail").Parse("Dear " + value)
    _ = t
}
