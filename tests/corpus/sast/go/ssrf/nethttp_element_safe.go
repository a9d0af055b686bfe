// stockade-expect: safe CWE-918
package handlers

import (
    "net/http"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("url")}
    resp, _ := http.Get(m["safe"])
    _ = resp
}
