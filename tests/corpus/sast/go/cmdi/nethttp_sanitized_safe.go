// stockade-expect: safe CWE-78
package handlers

import (
    "net/http"
    "os/exec"
    "github.com/alessio/shellescape"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("host")
    out, _ := exec.Command("sh", "-c", "nslookup "+shellescape.Quote(value)).CombinedOutput()
    _ = out
}
