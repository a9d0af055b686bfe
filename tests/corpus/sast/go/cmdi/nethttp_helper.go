// stockade-expect: vulnerable CWE-78
package handlers

import (
    "net/http"
    "os/exec"
)

func handle(w http.ResponseWriter, r *http.Request) {
    out, _ := exec.Command("sh", "-c", "nslookup "+decorate(r.URL.Query().Get("host"))).CombinedOutput()
    _ = out
}

func decorate(s string) string {
    return " " + s
}
