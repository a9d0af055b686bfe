// stockade-expect: vulnerable CWE-327
package vault

import "crypto/des"

func Encrypt(key, block []byte) []byte {
	c, _ := des.NewCipher(key)
	out := make([]byte, len(block))
	c.Encrypt(out, block)
	return out
}
