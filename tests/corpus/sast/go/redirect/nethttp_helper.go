// stockade-expect: vulnerable CWE-601
package handlers

import (
    "net/http"
)

func handle(w http.ResponseWriter, r *http.Request) {
    http.Redirect(w, r, decorate(r.URL.Query().Get("next")), http.StatusFound)
}

func decorate(s string) string {
    return " " + s
}
