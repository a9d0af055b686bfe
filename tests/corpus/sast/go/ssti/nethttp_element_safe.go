// stockade-expect: safe CWE-1336
package handlers

import (
    "net/http"
    "text/template"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("greeting")}
    t, _ := template.New("mail").Parse("Dear " + m["safe"])
    _ = t
}
