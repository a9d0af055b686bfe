// stockade-expect: annotated
package main

import (
	"bufio"
	"database/sql"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"strings"

	_ "github.com/lib/pq"
	"github.com/spf13/cobra"
)

func main() {
	table := flag.String("table", "", "table to purge")
	flag.Parse()
	// ok: go.hardcoded-credentials
	db, err := sql.Open("postgres", os.Getenv("OPS_DSN"))
	if err != nil {
		log.Fatal(err)
	}
	// ruleid: go.sql-injection
	if _, err := db.Exec("TRUNCATE TABLE " + *table); err != nil {
		log.Fatal(err)
	}

	fmt.Print("user to disable: ")
	reader := bufio.NewReader(os.Stdin)
	user, _ := reader.ReadString('\n')
	user = strings.TrimSpace(user)
	// ruleid: go.sql-injection
	db.Exec(fmt.Sprintf("UPDATE users SET disabled = true WHERE login = '%s'", user))
	// ok: go.sql-injection
	db.Exec("UPDATE users SET disabled = true WHERE login = $1", user)

	if len(os.Args) > 2 && os.Args[1] == "restore" {
		// ruleid: go.command-injection
		exec.Command("sh", "-c", "pg_restore -d app /backups/"+os.Args[2]).Run()
	}
	// ok: go.command-injection
	exec.Command("pg_dump", "-f", "/backups/app.sql", "app").Run()

	hook := os.Getenv("POST_BACKUP_HOOK")
	// ruleid: go.command-injection
	exec.Command("bash", "-c", hook).Run()

	root := &cobra.Command{Use: "opsctl"}
	root.AddCommand(&cobra.Command{
		Use: "grep [pattern]",
		Run: func(cmd *cobra.Command, args []string) {
			// ruleid: go.command-injection
			out, _ := exec.Command("sh", "-c", "grep -r "+args[0]+" /var/log/app").Output()
			os.Stdout.Write(out)
		},
	})
	root.Execute()
}

// ruleid: go.hardcoded-credentials
const legacyDSN = "postgres://admin:Sup3rS3cret@db.internal:5432/app?sslmode=disable"

func legacy() (*sql.DB, error) {
	return sql.Open("postgres", legacyDSN)
}
