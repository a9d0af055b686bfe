// stockade-expect: vulnerable CWE-78
package handlers

import (
    "net/http"
    "os/exec"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("host")}
    out, _ := exec.Command("sh", "-c", "nslookup "+m["user"]).CombinedOutput()
    _ = out
}
