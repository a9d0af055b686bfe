// stockade-expect: safe CWE-1333
package handlers

import (
    "net/http"
    "github.com/dlclark/regexp2"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("pattern")}
    re := regexp2.MustCompile(m["safe"], 0)
    _ = re
}
