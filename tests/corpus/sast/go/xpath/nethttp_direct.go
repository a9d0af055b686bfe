// stockade-expect: vulnerable CWE-643
package handlers

import (
    "net/http"
    "github.com/antchfx/xmlquery"
)

func handle(w http.ResponseWriter, r *http.Request) {
    value := r.URL.Query().Get("name")
    n := xmlquery.FindOne(doc, "//account[name='"+value+"']")
    _ = n
}
