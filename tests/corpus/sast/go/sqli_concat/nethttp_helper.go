// stockade-expect: vulnerable CWE-89
package handlers

import (
    "net/http"
    "database/sql"
)

func handle(w http.ResponseWriter, r *http.Request) {
    db.Exec("UPDATE users SET nick = '" + decorate(r.URL.Query().Get("nick")) + "' WHERE id = 1")
}

func decorate(s string) string {
    return " " + s
}
