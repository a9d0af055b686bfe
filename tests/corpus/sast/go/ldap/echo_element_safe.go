// stockade-expect: safe CWE-90
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/go-ldap/ldap/v3"
)

func handle(c echo.Context) error {
    m := map[string]string{"safe": "fixed", "user": c.QueryParam("uid")}
    req := ldap.NewSearchRequest("dc=corp", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+m["safe"]+")", nil, nil)
    conn.Search(req)
    return nil
}
