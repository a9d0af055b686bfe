// stockade-expect: vulnerable CWE-78
package handlers

import (
    "net/http"
    "os/exec"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("host")
    out, _ := exec.Command("sh", "-c", "nslookup "+value).CombinedOutput()
    _ = out
}
