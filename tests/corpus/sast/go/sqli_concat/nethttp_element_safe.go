// stockade-expect: safe CWE-89
package handlers

import (
    "net/http"
    "database/sql"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("nick")}
    db.Exec("UPDATE users SET nick = '" + m["safe"] + "' WHERE id = 1")
}
