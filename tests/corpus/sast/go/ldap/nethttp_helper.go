// stockade-expect: vulnerable CWE-90
package handlers

import (
    "net/http"
    "github.com/go-ldap/ldap/v3"
)

func handle(w http.ResponseWriter, r *http.Request) {
    req := ldap.NewSearchRequest("dc=corp", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+decorate(r.URL.Query().Get("uid"))+")", nil, nil)
    conn.Search(req)
}

func decorate(s string) string {
    return " " + s
}
