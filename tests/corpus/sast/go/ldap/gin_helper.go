// stockade-expect: vulnerable CWE-90
package handlers

import (
    "github.com/gin-gonic/gin"
    "github.com/go-ldap/ldap/v3"
)

func handle(c *gin.Context) {
    req := ldap.NewSearchRequest("dc=corp", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+decorate(c.Query("uid"))+")", nil, nil)
    conn.Search(req)
}

func decorate(s string) string {
    return " " + s
}
