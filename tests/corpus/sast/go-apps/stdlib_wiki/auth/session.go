// stockade-expect: annotated
package auth

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	mrand "math/rand"
	"net/http"

	"github.com/golang-jwt/jwt/v5"
	"github.com/gorilla/sessions"
)

// ruleid: go.hardcoded-session-key
var Store = sessions.NewCookieStore([]byte("wiki-session-secret-2024"))

func NewStore(key []byte) *sessions.CookieStore {
	// ok: go.hardcoded-session-key
	return sessions.NewCookieStore(key)
}

func HashPassword(pw string) string {
	// ruleid: go.weak-hash
	sum := md5.Sum([]byte(pw))
	return hex.EncodeToString(sum[:])
}

func Fingerprint(data []byte) string {
	// ok: go.weak-hash
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func ResetToken() string {
	letters := "abcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, 24)
	for i := range b {
		// ruleid: go.insecure-random
		b[i] = letters[mrand.Intn(len(letters))]
	}
	return string(b)
}

func ResetTokenSecure() string {
	b := make([]byte, 24)
	// ok: go.insecure-random
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

func CheckSignature(msg, sig, key []byte) bool {
	mac := hmac.New(sha256.New, key)
	mac.Write(msg)
	// ruleid: go.timing-unsafe-compare
	return string(mac.Sum(nil)) == string(sig)
}

func CheckSignatureSafe(msg, sig, key []byte) bool {
	mac := hmac.New(sha256.New, key)
	mac.Write(msg)
	// ok: go.timing-unsafe-compare
	return hmac.Equal(mac.Sum(nil), sig)
}

func SetSession(w http.ResponseWriter, value string) {
	http.SetCookie(w, &http.Cookie{
		Name:  "wiki_session",
		Value: value,
		// ruleid: go.cookie-not-secure
		Secure:   false,
		HttpOnly: true,
	})
	http.SetCookie(w, &http.Cookie{
		Name:  "wiki_session2",
		Value: value,
		// ok: go.cookie-not-secure
		Secure:   true,
		HttpOnly: true,
		SameSite: http.SameSiteStrictMode,
	})
}

func ParseToken(tokenString string, key []byte) (*jwt.Token, error) {
	// ruleid: go.jwt-parse-unverified
	tok, _, err := jwt.NewParser().ParseUnverified(tokenString, jwt.MapClaims{})
	if err != nil {
		return nil, err
	}
	_ = tok
	// ok: go.jwt-parse-unverified
	return jwt.Parse(tokenString, func(t *jwt.Token) (any, error) { return key, nil }, jwt.WithValidMethods([]string{"HS256"}))
}
