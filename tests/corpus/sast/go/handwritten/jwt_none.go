// stockade-expect: vulnerable CWE-347
package auth

import "github.com/golang-jwt/jwt/v5"

func Issue(sub string) (string, error) {
	t := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{"sub": sub})
	return t.SignedString(jwt.UnsafeAllowNoneSignatureType)
}
