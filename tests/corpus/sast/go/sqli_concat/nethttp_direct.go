// stockade-expect: vulnerable CWE-89
package handlers

import (
    "net/http"
    "database/sql"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("nick")
    db.Exec("UPDATE users SET nick = '" + value + "' WHERE id = 1")
}
