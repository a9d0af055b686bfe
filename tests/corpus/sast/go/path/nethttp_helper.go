// stockade-expect: vulnerable CWE-22
package handlers

import (
    "net/http"
    "os"
)

func handle(w http.ResponseWriter, r *http.Request) {
    data, _ := os.ReadFile("/srv/reports/" + decorate(r.URL.Query().Get("file")))
    _ = data
}

func decorate(s string) string {
    return " " + s
}
