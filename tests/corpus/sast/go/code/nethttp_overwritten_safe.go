// stockade-expect: safe CWE-94
package handlers

import (
    "net/http"
    "github.com/dop251/goja"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("expr")
    value = "default"
    vm := goja.New()
    vm.RunString(value)
}
