// stockade-expect: safe CWE-643
package handlers

import (
    "net/http"
    "github.com/antchfx/xmlquery"
)

func handle(w http.ResponseWriter, r *http.Request) {
    m := map[string]string{"safe": "fixed", "user": r.URL.Query().Get("name")}
    n := xmlquery.FindOne(doc, "//account[name='"+m["safe"]+"']")
    _ = n
}
