// stockade-expect: vulnerable CWE-22
package handlers

import (
    "net/http"
    "os"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("file")}
    data, _ := os.ReadFile("/srv/reports/" + m["user"])
    _ = data
}
