// stockade-expect: vulnerable CWE-79
package handlers

import (
    "net/http"
    "html/template"
)

func handle(w http.ResponseWriter, r *http.Request) {
    page.Execute(w, map[string]interface{}{{"Bio": template.HTML(decorate(r.URL.Query().Get("bio")))}})
}

func decorate(s string) string {
    return " " + s
}
