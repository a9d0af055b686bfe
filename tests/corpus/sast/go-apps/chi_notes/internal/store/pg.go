// stockade-expect: annotated
package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/go-pg/pg/v10"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Note struct {
	ID    int64
	Title string
	Tags  []string
}

type PG struct {
	pool *pgxpool.Pool
	orm  *pg.DB
}

func NewPG(pool *pgxpool.Pool) *PG { return &PG{pool: pool} }

// ByTag lists notes carrying a tag; the API passes the tag from the query string.
func (s *PG) ByTag(ctx context.Context, tag string) ([]Note, error) {
	// ruleid: go.sql-injection-parameter
	rows, err := s.pool.Query(ctx, "SELECT id, title FROM notes WHERE '"+tag+"' = ANY(tags)")
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[Note])
}

func (s *PG) ByTagSafe(ctx context.Context, tag string) ([]Note, error) {
	// ok: go.sql-injection-parameter
	rows, err := s.pool.Query(ctx, "SELECT id, title FROM notes WHERE $1 = ANY(tags)", tag)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[Note])
}

func (s *PG) Archive(ids []int64, table string) error {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprint(id)
	}
	// ruleid: go.sql-injection-parameter
	_, err := s.orm.Exec("UPDATE " + table + " SET archived = true WHERE id IN (" + strings.Join(parts, ",") + ")")
	return err
}

func (s *PG) CountByOwner(owner string) (int, error) {
	var n int
	// ruleid: go.sql-injection-parameter
	_, err := s.orm.QueryOne(pg.Scan(&n), "SELECT count(*) FROM notes WHERE owner = '"+owner+"'")
	return n, err
}

func (s *PG) CountByOwnerSafe(owner string) (int, error) {
	var n int
	// ok: go.sql-injection-parameter
	_, err := s.orm.QueryOne(pg.Scan(&n), "SELECT count(*) FROM notes WHERE owner = ?", owner)
	return n, err
}

func (s *PG) Titles(prefix string) ([]Note, error) {
	var notes []Note
	// ruleid: go.sql-injection-parameter
	err := s.orm.Model(&notes).Where("title LIKE '" + prefix + "%'").Select()
	return notes, err
}

// exec runs a statement the caller wrote in full.
func (s *PG) exec(ctx context.Context, sql string, args ...any) error {
	// ok: go.sql-injection-parameter
	_, err := s.pool.Exec(ctx, sql, args...)
	return err
}
