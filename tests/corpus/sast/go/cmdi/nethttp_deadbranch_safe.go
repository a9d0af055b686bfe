// stockade-expect: safe CWE-78
package handlers

import (
    "net/http"
    "os/exec"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("host")
    debug := false
    if debug {
        out, _ := exec.Command("sh", "-c", "nslookup "+value).CombinedOutput()
    _ = out
    }
}
