// stockade-expect: vulnerable CWE-347
package auth

import "github.com/golang-jwt/jwt/v5"

func Subject(raw string) string {
	claims := jwt.MapClaims{}
	jwt.NewParser().ParseUnverified(raw, claims)
	sub, _ := claims["sub"].(string)
	return sub
}
