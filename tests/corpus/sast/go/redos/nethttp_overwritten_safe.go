// stockade-expect: safe CWE-1333
package handlers

import (
    "net/http"
    "github.com/dlclark/regexp2"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("pattern")
    value = "default"
    re := regexp2.MustCompile(value, 0)
    _ = re
}
