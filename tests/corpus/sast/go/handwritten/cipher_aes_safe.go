// stockade-expect: safe CWE-327
package vault

import (
	"crypto/aes"
	"crypto/cipher"
)

func Seal(key, nonce, msg []byte) []byte {
	b, _ := aes.NewCipher(key)
	g, _ := cipher.NewGCM(b)
	return g.Seal(nil, nonce, msg, nil)
}
