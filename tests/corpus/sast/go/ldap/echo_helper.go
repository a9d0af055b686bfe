// stockade-expect: vulnerable CWE-90
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/go-ldap/ldap/v3"
)

func handle(c echo.Context) error {
    req := ldap.NewSearchRequest("dc=corp", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+decorate(c.QueryParam("uid"))+")", nil, nil)
    conn.Search(req)
    return nil
}

func decorate(s string) string {
    return " " + s
}
