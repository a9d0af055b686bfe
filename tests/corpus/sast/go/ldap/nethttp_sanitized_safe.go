// stockade-expect: safe CWE-90
package handlers

import (
    "net/http"
    "github.com/go-ldap/ldap/v3"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("uid")
    req := ldap.NewSearchRequest("dc=corp", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+ldap.EscapeFilter(value)+")", nil, nil)
    conn.Search(req)
}
