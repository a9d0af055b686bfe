// stockade-expect: safe CWE-22
package handlers

import (
    "net/http"
    "os"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("file")
    debug := false
    if debug {
        data, _ := os.ReadFile("/srv/reports/" + value)
    _ = data
    }
}
