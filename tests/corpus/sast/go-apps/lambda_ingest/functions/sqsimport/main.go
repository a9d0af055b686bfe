// stockade-expect: annotated
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/exec"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	_ "github.com/go-sql-driver/mysql"
)

var db *sql.DB

type importJob struct {
	Table  string `json:"table"`
	Source string `json:"source"`
	Owner  string `json:"owner"`
}

func handle(ctx context.Context, ev events.SQSEvent) error {
	for _, rec := range ev.Records {
		var job importJob
		if err := json.Unmarshal([]byte(rec.Body), &job); err != nil {
			return err
		}
		// ruleid: go.sql-injection
		if _, err := db.ExecContext(ctx, "LOAD DATA LOCAL INFILE '/tmp/import.csv' INTO TABLE "+job.Table); err != nil {
			return err
		}
		// ok: go.sql-injection
		if _, err := db.ExecContext(ctx, "INSERT INTO import_log (owner, source) VALUES (?, ?)", job.Owner, job.Source); err != nil {
			return err
		}
		// ruleid: go.command-injection
		if err := exec.CommandContext(ctx, "bash", "-c", "aws s3 cp "+job.Source+" /tmp/import.csv").Run(); err != nil {
			return err
		}
		// ok: go.command-injection
		if err := exec.CommandContext(ctx, "aws", "s3", "cp", "--", job.Source, "/tmp/import.csv").Run(); err != nil {
			return err
		}
		log.Printf("imported %s", fmt.Sprint(len(job.Owner)))
	}
	return nil
}

func main() {
	var err error
	db, err = sql.Open("mysql", os.Getenv("DSN"))
	if err != nil {
		log.Fatal(err)
	}
	lambda.Start(handle)
}
