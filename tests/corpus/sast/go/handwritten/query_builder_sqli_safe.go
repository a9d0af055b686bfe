// stockade-expect: safe CWE-89
package repo

import (
	"database/sql"
	"net/http"
)

func ListOrders(db *sql.DB, w http.ResponseWriter, r *http.Request) {
	query := "SELECT id, total FROM orders WHERE 1=1"
	args := []interface{}{}
	if status := r.FormValue("status"); status != "" {
		query += " AND status = ?"
		args = append(args, status)
	}
	rows, _ := db.Query(query, args...)
	defer rows.Close()
}
