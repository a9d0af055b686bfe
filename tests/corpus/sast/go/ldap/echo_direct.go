// stockade-expect: vulnerable CWE-90
package handlers

import (
    "github.com/labstack/echo/v4"
    "github.com/go-ldap/ldap/v3"
)

func handle(c echo.Context) error {
    value := c.QueryParam("uid")
    req := ldap.NewSearchRequest("dc=corp", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+value+")", nil, nil)
    conn.Search(req)
    return nil
}
