// stockade-expect: annotated
package config

import (
	"os"

	"github.com/golang-jwt/jwt/v5"
)

type Config struct {
	DatabaseURL string
	JWTSecret   []byte
}

func Load() Config {
	return Config{
		DatabaseURL: os.Getenv("DATABASE_URL"),
		// ok: go.hardcoded-jwt-secret
		JWTSecret: []byte(os.Getenv("JWT_SECRET")),
	}
}

// legacyKey signs tokens for the old mobile app.
// ruleid: go.hardcoded-jwt-secret
var legacyKey = []byte("shop-legacy-signing-key-2019")

func SignLegacy(claims jwt.MapClaims) (string, error) {
	token := jwt.NewWithClaims(jwt.SigningMethodHS256, claims)
	return token.SignedString(legacyKey)
}

func Sign(cfg Config, claims jwt.MapClaims) (string, error) {
	token := jwt.NewWithClaims(jwt.SigningMethodHS256, claims)
	// ok: go.hardcoded-jwt-secret
	return token.SignedString(cfg.JWTSecret)
}

func ParseLegacy(raw string) (*jwt.Token, error) {
	return jwt.Parse(raw, func(t *jwt.Token) (interface{}, error) {
		// ruleid: go.hardcoded-jwt-secret
		return []byte("shop-legacy-signing-key-2019"), nil
	})
}
