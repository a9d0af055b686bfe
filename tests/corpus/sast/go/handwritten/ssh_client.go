// stockade-expect: vulnerable CWE-295
package deploy

import "golang.org/x/crypto/ssh"

func Config(user string, auth ssh.AuthMethod) *ssh.ClientConfig {
	return &ssh.ClientConfig{User: user, Auth: []ssh.AuthMethod{auth}, HostKeyCallback: ssh.InsecureIgnoreHostKey()}
}
