// stockade-expect: safe CWE-328
package users

import (
	"crypto/sha256"
	"encoding/hex"
)

func Checksum(p []byte) string {
	sum := sha256.Sum256(p)
	return hex.EncodeToString(sum[:])
}
