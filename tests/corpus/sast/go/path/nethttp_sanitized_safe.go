// stockade-expect: safe CWE-22
package handlers

import (
    "net/http"
    "os"
    "path/filepath"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("file")
    data, _ := os.ReadFile("/srv/reports/" + filepath.Base(value))
    _ = data
}
