// stockade-expect: vulnerable CWE-501
package handlers

import (
    "net/http"
)

func handle(w http.ResponseWriter, r *http.Request) {
    sess, _ := store.Get(r, "app")
    sess.Values["role"] = decorate(r.URL.Query().Get("role"))
}

func decorate(s string) string {
    return " " + s
}
