// stockade-expect: safe CWE-295
package client

import (
	"crypto/tls"
	"crypto/x509"
	"net/http"
)

func New(pool *x509.CertPool) *http.Client {
	tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}
	return &http.Client{Transport: tr}
}
