// stockade-expect: vulnerable CWE-94
package handlers

import (
    "net/http"
    "github.com/dop251/goja"
)

func handle(w http.ResponseWriter, r *http.Request) {
    vm := goja.New()
    vm.RunString(decorate(r.URL.Query().Get("expr")))
}

func decorate(s string) string {
    return " " + s
}
