// stockade-expect: safe CWE-643
package handlers

import (
    "net/http"
    "github.com/antchfx/xmlquery"
)

func handle(w http.ResponseWriter, r *http.Request) {
    _ = r.URL.Query().Get("name")
    value := "reports"
    n := xmlquery.FindOne(doc, "//account[name='"+value+"']")
    _ = n
}
