// stockade-expect: annotated
package main

import (
	"fmt"
	"os"
	"os/exec"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: accountsctl edit|export <name>")
		os.Exit(2)
	}
	db := sqlx.MustConnect("postgres", os.Getenv("ACCOUNTS_DSN"))
	switch os.Args[1] {
	case "edit":
		file := "/var/lib/accounts/" + os.Args[2] + ".yaml"
		// ruleid: go.command-injection
		cmd := exec.Command("sh", "-c", os.Getenv("EDITOR")+" "+file)
		cmd.Stdin, cmd.Stdout = os.Stdin, os.Stdout
		cmd.Run()
	case "export":
		// ruleid: go.sql-injection
		rows, err := db.Queryx("SELECT * FROM accounts WHERE team = '" + os.Args[2] + "'")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer rows.Close()
		// ok: go.sql-injection
		db.Queryx("SELECT * FROM accounts WHERE team = $1", os.Args[2])
	}
}
