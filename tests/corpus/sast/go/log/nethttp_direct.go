// stockade-expect: vulnerable CWE-117
package handlers

import (
    "net/http"
    "log"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("user")
    log.Printf("failed login for %s", value)
}
