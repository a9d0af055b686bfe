// stockade-expect: safe CWE-22
package handlers

import (
    "net/http"
    "os"
)

func handle(w http.ResponseWriter, r *http.Request) {
    _ = r.URL.Query().Get("file")
    value := "reports"
    data, _ := os.ReadFile("/srv/reports/" + value)
    _ = data
}
