// stockade-expect: annotated
package tlsconf

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"io"
	"net/http"
	"os"
)

func Client(insecure bool) *http.Client {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if insecure {
		// ruleid: go.tls-insecure-skip-verify
		cfg.InsecureSkipVerify = true
	}
	return &http.Client{Transport: &http.Transport{TLSClientConfig: cfg}}
}

func Server() *tls.Config {
	// ok: go.tls-old-version
	return &tls.Config{MinVersion: tls.VersionTLS13}
}

func Fingerprint(data []byte) string {
	// ruleid: go.weak-hash
	sum := md5.Sum(data)
	return hex.EncodeToString(sum[:])
}

var fixedNonce = []byte("0123456789ab")

func Seal(key, plaintext []byte) ([]byte, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	// ruleid: go.gcm-fixed-nonce
	return gcm.Seal(nil, fixedNonce, plaintext, nil), nil
}

func SealSafe(key, plaintext []byte) ([]byte, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, gcm.NonceSize())
	if _, err := io.ReadFull(rand.Reader, nonce); err != nil {
		return nil, err
	}
	// ok: go.gcm-fixed-nonce
	return gcm.Seal(nonce, nonce, plaintext, nil), nil
}

func EncryptCBC(key, iv, data []byte) []byte {
	block, _ := aes.NewCipher(key)
	out := make([]byte, len(data))
	// ruleid: go.cbc-static-iv
	cipher.NewCBCEncrypter(block, []byte("fedcba9876543210")).CryptBlocks(out, data)
	// ok: go.cbc-static-iv
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, data)
	return out
}

func WriteKey(path string, key []byte) error {
	// ruleid: go.world-writable-permissions
	if err := os.WriteFile(path+".bak", key, 0666); err != nil {
		return err
	}
	// ok: go.world-writable-permissions
	return os.WriteFile(path, key, 0600)
}
