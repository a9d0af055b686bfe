// stockade-expect: vulnerable CWE-328
package users

import (
	"crypto/md5"
	"encoding/hex"
)

func HashPassword(p string) string {
	sum := md5.Sum([]byte(p))
	return hex.EncodeToString(sum[:])
}
