// stockade-expect: safe CWE-943
package store

import (
	"encoding/json"
	"net/http"

	"go.mongodb.org/mongo-driver/bson"
)

type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

func Login(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	var user bson.M
	users.FindOne(r.Context(), bson.M{"name": name}).Decode(&user)
	_ = json.Valid(nil)
}
