// stockade-expect: annotated
package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Invoice struct {
	ID       int64  `db:"id" json:"id"`
	Customer string `db:"customer" json:"customer"`
	Total    int64  `db:"total" json:"total"`
}

type Invoices struct {
	Pool *pgxpool.Pool
}

var sortable = map[string]string{"date": "created_at", "total": "total"}

func (s *Invoices) SortedBy(ctx context.Context, column string) ([]Invoice, error) {
	// ruleid: go.sql-injection-parameter
	rows, err := s.Pool.Query(ctx, "SELECT id, customer, total FROM invoices ORDER BY "+column)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Invoice
	for rows.Next() {
		var i Invoice
		if err := rows.Scan(&i.ID, &i.Customer, &i.Total); err != nil {
			return nil, err
		}
		out = append(out, i)
	}
	return out, nil
}

func (s *Invoices) SortedSafe(ctx context.Context, column string) error {
	col, ok := sortable[column]
	if !ok {
		col = "created_at"
	}
	// ok: go.sql-injection-parameter
	_, err := s.Pool.Query(ctx, "SELECT id, customer, total FROM invoices ORDER BY "+col)
	return err
}

func (s *Invoices) MarkPaid(ctx context.Context, customer string, ids []int64) error {
	// ruleid: go.sql-injection-parameter
	_, err := s.Pool.Exec(ctx, fmt.Sprintf("UPDATE invoices SET paid = true WHERE customer = '%s'", customer))
	if err != nil {
		return err
	}
	// ok: go.sql-injection-parameter
	_, err = s.Pool.Exec(ctx, "UPDATE invoices SET paid = true WHERE id = ANY($1)", ids)
	return err
}

func (s *Invoices) Purge(ctx context.Context, days int) error {
	// ok: go.sql-injection-parameter
	_, err := s.Pool.Exec(ctx, fmt.Sprintf("DELETE FROM invoices WHERE created_at < now() - interval '%d days'", days))
	return err
}
