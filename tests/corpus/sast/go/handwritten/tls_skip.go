// stockade-expect: vulnerable CWE-295
package client

import (
	"crypto/tls"
	"net/http"
)

func New() *http.Client {
	tr := &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}
	return &http.Client{Transport: tr}
}
