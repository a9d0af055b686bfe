// stockade-expect: safe CWE-338
package session

import (
	"crypto/rand"
	"encoding/hex"
)

func NewToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return hex.EncodeToString(b)
}
