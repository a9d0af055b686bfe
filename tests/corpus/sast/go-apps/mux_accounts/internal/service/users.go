// stockade-expect: annotated
package service

import (
	"crypto/sha1"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"math/rand"
	"net/http"

	"github.com/jmoiron/sqlx"
)

type UserService struct {
	db *sqlx.DB
}

type User struct {
	ID   int64  `db:"id"`
	Name string `db:"name"`
}

// FindByName is the search backend of the admin console.
func (s *UserService) FindByName(name string) ([]User, error) {
	var users []User
	// ruleid: go.sql-injection-parameter
	err := s.db.Select(&users, "SELECT id, name FROM users WHERE name LIKE '%"+name+"%'")
	return users, err
}

func (s *UserService) FindByNameSafe(name string) ([]User, error) {
	var users []User
	// ok: go.sql-injection-parameter
	err := s.db.Select(&users, "SELECT id, name FROM users WHERE name LIKE $1", "%"+name+"%")
	return users, err
}

func (s *UserService) Disable(id int64) error {
	// ok: go.sql-injection-parameter
	_, err := s.db.Exec(fmt.Sprintf("UPDATE users SET disabled = true WHERE id = %d", id))
	return err
}

func HashPassword(password string) string {
	// ruleid: go.weak-hash
	sum := sha1.Sum([]byte(password))
	return hex.EncodeToString(sum[:])
}

func ResetToken() string {
	// ruleid: go.insecure-random
	return fmt.Sprintf("%06d", rand.Intn(1000000))
}

func PartnerClient() *http.Client {
	return &http.Client{Transport: &http.Transport{
		// ruleid: go.tls-old-version
		TLSClientConfig: &tls.Config{MinVersion: tls.VersionTLS11},
	}}
}
