// stockade-expect: safe CWE-601
package handlers

import (
    "net/http"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("next")}
    http.Redirect(w, r, m["safe"], http.StatusFound)
}
