// stockade-expect: vulnerable CWE-943
package store

import (
	"encoding/json"
	"net/http"

	"go.mongodb.org/mongo-driver/bson"
)

func Login(w http.ResponseWriter, r *http.Request) {
	var creds map[string]interface{}
	json.NewDecoder(r.Body).Decode(&creds)
	var user bson.M
	users.FindOne(r.Context(), creds).Decode(&user)
}
