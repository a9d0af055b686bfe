// stockade-expect: safe CWE-89
package handlers

import (
    "net/http"
    "database/sql"
    "fmt"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("customer")
    value = "default"
    rows, _ := db.Query(fmt.Sprintf("SELECT * FROM orders WHERE customer = '%s'", value))
    defer rows.Close()
}
