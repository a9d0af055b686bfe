// stockade-expect: annotated
package graph

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"

	"github.com/jmoiron/sqlx"
)

type Resolver struct {
	DB     *sqlx.DB
	Client *http.Client
}

type queryResolver struct{ *Resolver }
type mutationResolver struct{ *Resolver }

type Order struct {
	ID     int64  `db:"id"`
	Status string `db:"status"`
}

func (r *queryResolver) Orders(ctx context.Context, status string, sortBy *string) ([]*Order, error) {
	var out []*Order
	// ruleid: go.sql-injection
	err := r.DB.SelectContext(ctx, &out, "SELECT id, status FROM orders WHERE status = '"+status+"'")
	if err != nil {
		return nil, err
	}
	// ok: go.sql-injection
	err = r.DB.SelectContext(ctx, &out, "SELECT id, status FROM orders WHERE status = $1", status)
	return out, err
}

func (r *queryResolver) Invoice(ctx context.Context, file string) (string, error) {
	// ruleid: go.path-traversal
	data, err := os.ReadFile(filepath.Join("/srv/invoices", file))
	if err != nil {
		return "", err
	}
	// ok: go.path-traversal
	alt, _ := os.ReadFile(filepath.Join("/srv/invoices", filepath.Base(file)))
	return string(data) + string(alt), nil
}

func (r *mutationResolver) RegisterWebhook(ctx context.Context, url string) (bool, error) {
	// ruleid: go.ssrf
	resp, err := http.Get(url)
	if err != nil {
		return false, err
	}
	resp.Body.Close()
	// ok: go.ssrf
	check, err := http.Get(fmt.Sprintf("https://hooks.example.com/verify?id=%d", len(url)))
	if err == nil {
		check.Body.Close()
	}
	return true, nil
}
