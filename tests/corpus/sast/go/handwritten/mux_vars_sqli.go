// stockade-expect: vulnerable CWE-89
package api

import (
	"fmt"
	"net/http"

	"github.com/gorilla/mux"
)

func GetUser(w http.ResponseWriter, r *http.Request) {
	vars := mux.Vars(r)
	row := db.QueryRow(fmt.Sprintf("SELECT name FROM users WHERE id = %s", vars["id"]))
	var name string
	row.Scan(&name)
}
