// stockade-expect: vulnerable CWE-79
package handlers

import (
    "net/http"
    "html/template"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("bio")}
    page.Execute(w, map[string]interface{}{{"Bio": template.HTML(m["user"])}})
}
