// stockade-expect: vulnerable CWE-22
package handlers

import (
    "net/http"
    "os"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("file")
    data, _ := os.ReadFile("/srv/reports/" + value)
    _ = data
}
