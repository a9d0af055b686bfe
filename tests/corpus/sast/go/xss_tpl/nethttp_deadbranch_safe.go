// stockade-expect: safe CWE-79
package handlers

import (
    "net/http"
    "html/template"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("bio")
    debug := false
    if debug {
        page.Execute(w, map[string]interface{}{{"Bio": template.HTML(value)}})
    }
}
