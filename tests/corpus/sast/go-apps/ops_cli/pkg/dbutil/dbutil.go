// stockade-expect: annotated
package dbutil

import (
	"context"
	"database/sql"
	"fmt"
	"os/exec"

	"github.com/jmoiron/sqlx"
)

// Purge deletes rows older than the given number of days from a table.
func Purge(ctx context.Context, db *sql.DB, table string, days int) error {
	// ruleid: go.sql-injection-parameter
	_, err := db.ExecContext(ctx, fmt.Sprintf("DELETE FROM %s WHERE created_at < now() - interval '%d days'", table, days))
	return err
}

// Count counts the rows of one of the known tables.
func Count(db *sqlx.DB, table string) (int, error) {
	allowed := map[string]bool{"users": true, "orders": true}
	if !allowed[table] {
		return 0, fmt.Errorf("unknown table %q", table)
	}
	var n int
	// ok: go.sql-injection-parameter
	err := db.Get(&n, "SELECT count(*) FROM "+table)
	return n, err
}

// FindByEmail looks a user up by e-mail.
func FindByEmail(db *sqlx.DB, email string) (int64, error) {
	var id int64
	// ruleid: go.sql-injection-parameter
	err := db.Get(&id, "SELECT id FROM users WHERE email = '"+email+"'")
	return id, err
}

// Run executes a query the caller assembled.
func Run(db *sql.DB, query string) (*sql.Rows, error) {
	// ok: go.sql-injection-parameter
	return db.Query(query)
}

// Dump writes a dump of one database to the given file.
func Dump(database, file string) error {
	// ruleid: go.command-injection-parameter
	return exec.Command("sh", "-c", "pg_dump "+database+" > "+file).Run()
}

// DumpSafe writes a dump without a shell.
func DumpSafe(database, file string) error {
	// ok: go.command-injection-parameter
	return exec.Command("pg_dump", "-f", file, "--", database).Run()
}
