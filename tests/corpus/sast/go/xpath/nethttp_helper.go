// stockade-expect: vulnerable CWE-643
package handlers

import (
    "net/http"
    "github.com/antchfx/xmlquery"
)

func handle(w http.ResponseWriter, r *http.Request) {
    n := xmlquery.FindOne(doc, "//account[name='"+decorate(r.URL.Query().Get("name"))+"']")
    _ = n
}

func decorate(s string) string {
    return " " + s
}
