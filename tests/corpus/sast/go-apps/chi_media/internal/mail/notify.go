// stockade-expect: annotated
package mail

import (
	"fmt"
	"net/smtp"

	"github.com/go-ldap/ldap/v3"
)

type Notifier struct {
	Addr string
	Auth smtp.Auth
	Dir  *ldap.Conn
}

func (n *Notifier) OwnerEmail(owner string) (string, error) {
	req := ldap.NewSearchRequest(
		"ou=people,dc=example,dc=com",
		ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 1, 0, false,
		// ruleid: go.ldap-injection-parameter
		fmt.Sprintf("(&(objectClass=person)(uid=%s))", owner),
		[]string{"mail"}, nil,
	)
	res, err := n.Dir.Search(req)
	if err != nil || len(res.Entries) == 0 {
		return "", err
	}
	return res.Entries[0].GetAttributeValue("mail"), nil
}

func (n *Notifier) OwnerEmailSafe(owner string) (string, error) {
	// ok: go.ldap-injection-parameter
	req := ldap.NewSearchRequest("ou=people,dc=example,dc=com", ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 1, 0, false, fmt.Sprintf("(&(objectClass=person)(uid=%s))", ldap.EscapeFilter(owner)), []string{"mail"}, nil)
	res, err := n.Dir.Search(req)
	if err != nil || len(res.Entries) == 0 {
		return "", err
	}
	return res.Entries[0].GetAttributeValue("mail"), nil
}
