// stockade-expect: annotated
package main

import (
	"log"
	"net/http"
	// ruleid: go.pprof-exposed
	_ "net/http/pprof"
	"time"

	"github.com/go-chi/chi/v5"
)

func main() {
	r := chi.NewRouter()
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	// ruleid: go.http-server-no-timeouts
	log.Fatal(http.ListenAndServe(":8080", r))
}

func serveWithTimeouts(r http.Handler) error {
	srv := &http.Server{
		Addr:              ":8081",
		Handler:           r,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
	}
	// ok: go.http-server-no-timeouts
	return srv.ListenAndServe()
}
