// stockade-expect: vulnerable CWE-918
package handlers

import (
    "net/http"
)

func handle(w http.ResponseWriter, r *http.Request) {
    resp, _ := http.Get(decorate(r.URL.Query().Get("url")))
    _ = resp
}

func decorate(s string) string {
    return " " + s
}
