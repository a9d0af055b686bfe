// stockade-expect: safe CWE-918
package handlers

import (
    "net/http"
    "net/url"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("url")
    resp, _ := http.Get("https://api.example.com/q?u=" + url.QueryEscape(value))
    _ = resp
}
