// stockade-expect: safe CWE-918
package proxy

import (
	"io"
	"net/http"
)

var upstreams = map[string]string{
	"billing": "http://billing.internal/health",
	"search":  "http://search.internal/health",
}

func Fetch(w http.ResponseWriter, r *http.Request) {
	target := upstreams["billing"]
	if r.URL.Query().Get("svc") == "search" {
		target = upstreams["search"]
	}
	req, err := http.NewRequestWithContext(r.Context(), http.MethodGet, target, nil)
	if err != nil {
		return
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	io.Copy(w, resp.Body)
}
