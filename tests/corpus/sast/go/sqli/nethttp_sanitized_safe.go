// stockade-expect: safe CWE-89
package handlers

import (
    "net/http"
    "database/sql"
    "fmt"
    "strconv"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("customer")
    rows, _ := db.Query(fmt.Sprintf("SELECT * FROM orders WHERE customer = '%s'", strconv.Itoa(atoi(value))))
    defer rows.Close()
}

func atoi(s string) int {
    n, _ := strconv.Atoi(s)
    return n
}
