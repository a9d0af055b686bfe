// stockade-expect: vulnerable CWE-94
package handlers

import (
    "net/http"
    "github.com/dop251/goja"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("expr")
    vm := goja.New()
    vm.RunString(value)
}
