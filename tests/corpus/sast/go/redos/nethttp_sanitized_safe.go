// stockade-expect: safe CWE-1333
package handlers

import (
    "net/http"
    "github.com/dlclark/regexp2"
    "regexp"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("pattern")
    re := regexp2.MustCompile(regexp.QuoteMeta(value), 0)
    _ = re
}
