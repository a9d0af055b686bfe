// stockade-expect: safe CWE-918
package handlers

import (
    "net/http"
)

func handle(w http.ResponseWriter, r *http.Request) {
    _ = r.URL.Query().Get("url")
    value := "reports"
    resp, _ := http.Get(value)
    _ = resp
}
