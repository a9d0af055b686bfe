// stockade-expect: annotated
package events

import (
	"context"
	"encoding/json"
	"log/slog"
	"os/exec"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
)

type Shipment struct {
	OrderID string `json:"order_id"`
	Carrier string `json:"carrier"`
}

type Consumer struct {
	Pool *pgxpool.Pool
	Log  *slog.Logger
}

func (c *Consumer) Subscribe(nc *nats.Conn) (*nats.Subscription, error) {
	return nc.Subscribe("shipments", c.handle)
}

func (c *Consumer) handle(m *nats.Msg) {
	var s Shipment
	if err := json.Unmarshal(m.Data, &s); err != nil {
		return
	}
	ctx := context.Background()
	// ruleid: go.sql-injection
	c.Pool.Exec(ctx, "UPDATE orders SET carrier = '"+s.Carrier+"' WHERE id = "+s.OrderID)
	// ok: go.sql-injection
	c.Pool.Exec(ctx, "UPDATE orders SET carrier = $1 WHERE id = $2", s.Carrier, s.OrderID)
	// ruleid: go.command-injection
	exec.Command("sh", "-c", "notify-carrier "+s.Carrier).Run()
	// ok: go.command-injection
	exec.Command("notify-carrier", "--carrier", s.Carrier).Run()
}
