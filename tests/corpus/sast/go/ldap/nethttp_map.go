// stockade-expect: vulnerable CWE-90
package handlers

import (
    "net/http"
    "github.com/go-ldap/ldap/v3"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("uid")}
    req := ldap.NewSearchRequest("dc=corp", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+m["user"]+")", nil, nil)
    conn.Search(req)
}
