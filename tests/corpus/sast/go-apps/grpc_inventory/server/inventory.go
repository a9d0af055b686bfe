// stockade-expect: annotated
package server

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/uptrace/bun"

	pb "example.com/inventory/gen/inventory/v1"
)

type InventoryServer struct {
	pb.UnimplementedInventoryServiceServer
	db       *bun.DB
	labelDir string
}

func (s *InventoryServer) GetItem(ctx context.Context, req *pb.GetItemRequest) (*pb.Item, error) {
	item := new(pb.Item)
	// ruleid: go.sql-injection-orm
	err := s.db.NewRaw("SELECT * FROM items WHERE sku = '" + req.Sku + "'").Scan(ctx, item)
	if err != nil {
		return nil, err
	}
	// ok: go.sql-injection-orm
	s.db.NewRaw("SELECT * FROM items WHERE sku = ?", req.Sku).Scan(ctx, item)
	return item, nil
}

func (s *InventoryServer) ListItems(ctx context.Context, req *pb.ListItemsRequest) (*pb.ItemList, error) {
	var items []*pb.Item
	q := s.db.NewSelect().Model(&items)
	// ruleid: go.sql-injection
	q = q.Where(fmt.Sprintf("category = '%s'", req.Category))
	// ok: go.sql-injection
	q = q.Where("warehouse = ?", req.Warehouse)
	if err := q.Scan(ctx); err != nil {
		return nil, err
	}
	return &pb.ItemList{Items: items}, nil
}

func (s *InventoryServer) PrintLabel(ctx context.Context, req *pb.PrintLabelRequest) (*pb.Empty, error) {
	// ruleid: go.command-injection
	cmd := exec.CommandContext(ctx, "sh", "-c", "lpr -P "+req.Printer+" /var/labels/"+req.Sku+".pdf")
	if err := cmd.Run(); err != nil {
		return nil, err
	}
	// ok: go.command-injection
	exec.CommandContext(ctx, "lpr", "-P", "warehouse-1", "--", filepath.Join(s.labelDir, filepath.Base(req.Sku)+".pdf")).Run()
	// ruleid: go.path-traversal
	os.Remove(filepath.Join(s.labelDir, req.Sku+".pdf"))
	return &pb.Empty{}, nil
}
