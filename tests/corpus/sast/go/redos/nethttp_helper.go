// stockade-expect: vulnerable CWE-1333
package handlers

import (
    "net/http"
    "github.com/dlclark/regexp2"
)

func handle(w http.ResponseWriter, r *http.Request) {
    re := regexp2.MustCompile(decorate(r.URL.Query().Get("pattern")), 0)
    _ = re
}

func decorate(s string) string {
    return " " + s
}
