// stockade-expect: annotated
package worker

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/nats-io/nats.go"
	"github.com/segmentio/kafka-go"
)

type Job struct {
	Kind   string `json:"kind"`
	Script string `json:"script"`
	Table  string `json:"table"`
	File   string `json:"file"`
}

func RunKafka(ctx context.Context, db *sql.DB) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}, Topic: "ops-jobs", GroupID: "ops"})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		var job Job
		if err := json.Unmarshal(m.Value, &job); err != nil {
			log.Printf("bad job: %v", err)
			continue
		}
		// ruleid: go.sql-injection
		if _, err := db.ExecContext(ctx, "DELETE FROM "+job.Table+" WHERE created_at < now() - interval '30 days'"); err != nil {
			log.Printf("purge: %v", err)
		}
		// ok: go.sql-injection
		db.ExecContext(ctx, "DELETE FROM jobs WHERE kind = $1", job.Kind)
	}
}

func SubscribeNATS(nc *nats.Conn) (*nats.Subscription, error) {
	return nc.Subscribe("ops.scripts", func(msg *nats.Msg) {
		// ruleid: go.command-injection
		exec.Command("sh", "-c", string(msg.Data)).Run()
		// ok: go.command-injection
		exec.Command("logger", "-t", "ops", "--", string(msg.Data)).Run()
	})
}

func handleFile(msg *nats.Msg) {
	var job Job
	json.Unmarshal(msg.Data, &job)
	// ruleid: go.path-traversal
	os.Remove(filepath.Join("/var/spool/ops", job.File))
	// ok: go.path-traversal
	os.Remove(filepath.Join("/var/spool/ops", filepath.Base(job.File)))
}
