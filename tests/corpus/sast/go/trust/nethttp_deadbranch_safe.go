// stockade-expect: safe CWE-501
package handlers

import (
    "net/http"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("role")
    debug := false
    if debug {
        sess, _ := store.Get(r, "app")
    sess.Values["role"] = value
    }
}
