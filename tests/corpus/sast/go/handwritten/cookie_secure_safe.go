// stockade-expect: safe CWE-614
package web

import "net/http"

func SetSession(w http.ResponseWriter, id string) {
	http.SetCookie(w, &http.Cookie{Name: "sid", Value: id, Path: "/", Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode})
}
