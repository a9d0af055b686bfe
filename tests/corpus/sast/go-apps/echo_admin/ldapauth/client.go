// stockade-expect: annotated
package ldapauth

import (
	"crypto/tls"
	"fmt"

	"github.com/go-ldap/ldap/v3"
)

type Client struct {
	URL    string
	BaseDN string
}

func (c *Client) conn() (*ldap.Conn, error) {
	// ruleid: go.tls-insecure-skip-verify
	return ldap.DialURL(c.URL, ldap.DialWithTLSConfig(&tls.Config{InsecureSkipVerify: true}))
}

// Authenticate is called by the login handler with the submitted user name.
func (c *Client) Authenticate(user, password string) (bool, error) {
	l, err := c.conn()
	if err != nil {
		return false, err
	}
	defer l.Close()
	req := ldap.NewSearchRequest(c.BaseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 1, 0, false,
		// ruleid: go.ldap-injection-parameter
		fmt.Sprintf("(&(objectClass=person)(uid=%s))", user), []string{"dn"}, nil)
	res, err := l.Search(req)
	if err != nil || len(res.Entries) != 1 {
		return false, err
	}
	// ok: go.ldap-injection-parameter
	return l.Bind(res.Entries[0].DN, password) == nil, nil
}

func (c *Client) Groups(user string) ([]string, error) {
	l, err := c.conn()
	if err != nil {
		return nil, err
	}
	defer l.Close()
	req := ldap.NewSearchRequest(c.BaseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false,
		// ok: go.ldap-injection-parameter
		fmt.Sprintf("(&(objectClass=group)(member=uid=%s))", ldap.EscapeFilter(user)), []string{"cn"}, nil)
	res, err := l.Search(req)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range res.Entries {
		out = append(out, e.GetAttributeValue("cn"))
	}
	return out, nil
}

func (c *Client) ServiceBind(l *ldap.Conn) error {
	// ruleid: go.ldap-unauthenticated-bind
	return l.UnauthenticatedBind("cn=reader," + c.BaseDN)
}
