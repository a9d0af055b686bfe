// stockade-expect: annotated
package secure

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"io"
	"net"

	"golang.org/x/crypto/bcrypt"
	"golang.org/x/crypto/ssh"
)

var staticIV = []byte("0000000000000000")

func EncryptCBC(key, plain []byte) ([]byte, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	out := make([]byte, len(plain))
	// ruleid: go.cbc-static-iv
	cipher.NewCBCEncrypter(block, staticIV).CryptBlocks(out, plain)
	return out, nil
}

func EncryptCBCRandom(key, plain []byte) ([]byte, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	iv := make([]byte, aes.BlockSize)
	if _, err := io.ReadFull(rand.Reader, iv); err != nil {
		return nil, err
	}
	out := make([]byte, len(plain))
	// ok: go.cbc-static-iv
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, plain)
	return append(iv, out...), nil
}

func Keys() (*rsa.PrivateKey, *rsa.PrivateKey) {
	// ruleid: go.rsa-key-too-small
	weak, _ := rsa.GenerateKey(rand.Reader, 1024)
	// ok: go.rsa-key-too-small
	strong, _ := rsa.GenerateKey(rand.Reader, 3072)
	return weak, strong
}

func HashPassword(pw string) ([]byte, error) {
	// ruleid: go.bcrypt-low-cost
	return bcrypt.GenerateFromPassword([]byte(pw), 4)
}

func HashPasswordDefault(pw string) ([]byte, error) {
	// ok: go.bcrypt-low-cost
	return bcrypt.GenerateFromPassword([]byte(pw), bcrypt.DefaultCost)
}

func ETag(data []byte) []byte {
	// ruleid: go.weak-hash
	h := sha1.New()
	h.Write(data)
	return h.Sum(nil)
}

func ETagStrong(data []byte) [32]byte {
	// ok: go.weak-hash
	return sha256.Sum256(data)
}

func SSHConfig(user string, signer ssh.Signer) *ssh.ClientConfig {
	return &ssh.ClientConfig{
		User: user,
		Auth: []ssh.AuthMethod{ssh.PublicKeys(signer)},
		// ruleid: go.ssh-insecure-host-key
		HostKeyCallback: ssh.InsecureIgnoreHostKey(),
	}
}

func SSHConfigPinned(user string, signer ssh.Signer, hostKey ssh.PublicKey) *ssh.ClientConfig {
	return &ssh.ClientConfig{
		User: user,
		Auth: []ssh.AuthMethod{ssh.PublicKeys(signer)},
		// ok: go.ssh-insecure-host-key
		HostKeyCallback: ssh.FixedHostKey(hostKey),
	}
}

func Listen() (net.Listener, error) {
	// ruleid: go.bind-all-interfaces
	return net.Listen("tcp", "0.0.0.0:7070")
}

func ListenLocal() (net.Listener, error) {
	// ok: go.bind-all-interfaces
	return net.Listen("tcp", "127.0.0.1:7070")
}
