// stockade-expect: vulnerable CWE-601
package handlers

import (
    "net/http"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("next")
    http.Redirect(w, r, value, http.StatusFound)
}
