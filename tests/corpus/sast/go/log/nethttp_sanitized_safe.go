// stockade-expect: safe CWE-117
package handlers

import (
    "net/http"
    "log"
    "strconv"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("user")
    log.Printf("failed login for %s", strconv.Quote(value))
}
