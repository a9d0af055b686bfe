// stockade-expect: safe CWE-90
package handlers

import (
    "github.com/gin-gonic/gin"
    "github.com/go-ldap/ldap/v3"
)

func handle(c *gin.Context) {
    m := map[string]string{"safe": "fixed", "user": c.Query("uid")}
    req := ldap.NewSearchRequest("dc=corp", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+m["safe"]+")", nil, nil)
    conn.Search(req)
}
