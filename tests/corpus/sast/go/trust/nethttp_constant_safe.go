// stockade-expect: safe CWE-501
package handlers

import (
    "net/http"
)

func handle(w http.ResponseWriter, r *http.Request) {
    _ = r.URL.Query().Get("role")
    value := "reports"
    sess, _ := store.Get(r, "app")
    sess.Values["role"] = value
}
