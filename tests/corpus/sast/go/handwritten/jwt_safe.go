// stockade-expect: safe CWE-347
package auth

import "github.com/golang-jwt/jwt/v5"

func Subject(raw string, key []byte) (string, error) {
	t, err := jwt.Parse(raw, func(t *jwt.Token) (interface{}, error) { return key, nil }, jwt.WithValidMethods([]string{"HS256"}))
	if err != nil {
		return "", err
	}
	sub, _ := t.Claims.GetSubject()
	return sub, nil
}
