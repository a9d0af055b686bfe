// stockade-expect: safe CWE-89
package m
import "net/http"
func h(w http.ResponseWriter, r *http.Request) {
	mode := "a"
	v := "x"
	switch mode {
	case "a":
		v = "safe"
	case "b":
		v = r.FormValue("q")
	}
	db.Query("SELECT " + v)
}
