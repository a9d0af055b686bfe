// stockade-expect: vulnerable CWE-1336
package handlers

import (
    "net/http"
    "text/template"
)

func handle(w http.ResponseWriter, r *http.Request) {
    t, _ := template.New("mail").Parse("Dear " + decorate(r.URL.Query().Get("greeting")))
    _ = t
}

func decorate(s string) string {
    return " " + s
}
