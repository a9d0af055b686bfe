// stockade-expect: vulnerable CWE-89
package api

import (
	"encoding/json"
	"net/http"
)

type search struct {
	Term  string `json:"term"`
	Limit int    `json:"limit"`
}

func (s *Server) Search(w http.ResponseWriter, r *http.Request) {
	var req search
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	query := "SELECT id, title FROM posts WHERE title LIKE '%" + req.Term + "%'"
	rows, err := s.db.Query(query)
	if err != nil {
		return
	}
	defer rows.Close()
}
