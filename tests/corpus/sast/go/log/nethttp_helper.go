// stockade-expect: vulnerable CWE-117
package handlers

import (
    "net/http"
    "log"
)

func handle(w http.ResponseWriter, r *http.Request) {
    log.Printf("failed login for %s", decorate(r.URL.Query().Get("user")))
}

func decorate(s string) string {
    return " " + s
}
