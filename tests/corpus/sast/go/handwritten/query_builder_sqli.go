// stockade-expect: vulnerable CWE-89
package repo

import (
	"database/sql"
	"net/http"
)

func ListOrders(db *sql.DB, w http.ResponseWriter, r *http.Request) {
	query := "SELECT id, total FROM orders WHERE 1=1"
	if status := r.FormValue("status"); status != "" {
		query += " AND status = '" + status + "'"
	}
	rows, _ := db.Query(query)
	defer rows.Close()
}
