// stockade-expect: safe CWE-601
package handlers

import (
    "net/http"
)

func handle(w http.ResponseWriter, r *http.Request) {
    _ = r.URL.Query().Get("next")
    value := "reports"
    http.Redirect(w, r, value, http.StatusFound)
}
