// stockade-expect: safe CWE-601
package handlers

import (
    "net/http"
    "net/url"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("next")
    http.Redirect(w, r, "/login?next=" + url.QueryEscape(value), http.StatusFound)
}
