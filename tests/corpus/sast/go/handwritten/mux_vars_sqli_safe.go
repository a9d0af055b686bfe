// stockade-expect: safe CWE-89
package api

import (
	"net/http"

	"github.com/gorilla/mux"
)

func GetUser(w http.ResponseWriter, r *http.Request) {
	vars := mux.Vars(r)
	row := db.QueryRow("SELECT name FROM users WHERE id = $1", vars["id"])
	var name string
	row.Scan(&name)
}
