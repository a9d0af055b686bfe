// stockade-expect: vulnerable CWE-89
package handlers

import (
    "net/http"
    "database/sql"
    "fmt"
)

func handle(w http.ResponseWriter, r *http.Request) {
    rows, _ := db.Query(fmt.Sprintf("SELECT * FROM orders WHERE customer = '%s'", decorate(r.URL.Query().Get("customer"))))
    defer rows.Close()
}

func decorate(s string) string {
    return " " + s
}
