// stockade-expect: annotated
package main

import (
	"context"
	"log"
	"net/http"
	_ "net/http/pprof"
	"os"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/notes/internal/api"
	"example.com/notes/internal/store"
)

func main() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	router := api.NewRouter(store.NewPG(pool))
	// ruleid: go.http-server-no-timeouts
	log.Fatal(http.ListenAndServe(":8080", router))
}
