// stockade-expect: safe CWE-501
package handlers

import (
    "net/http"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("role")}
    sess, _ := store.Get(r, "app")
    sess.Values["role"] = m["safe"]
}
