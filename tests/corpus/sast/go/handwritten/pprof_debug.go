// stockade-expect: vulnerable CWE-489
package main

import (
	"log"
	"net/http"
	_ "net/http/pprof"
)

func main() {
	log.Fatal(http.ListenAndServe(":8080", nil))
}
