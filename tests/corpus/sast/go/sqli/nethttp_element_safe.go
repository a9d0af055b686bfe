// stockade-expect: safe CWE-89
package handlers

import (
    "net/http"
    "database/sql"
    "fmt"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("customer")}
    rows, _ := db.Query(fmt.Sprintf("SELECT * FROM orders WHERE customer = '%s'", m["safe"]))
    defer rows.Close()
}
