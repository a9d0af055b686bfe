// stockade-expect: safe CWE-94
package handlers

import (
    "net/http"
    "github.com/dop251/goja"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("expr")}
    vm := goja.New()
    vm.RunString(m["safe"])
}
