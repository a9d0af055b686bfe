// stockade-expect: annotated
package store

import (
	"context"
	"crypto/md5"
	"crypto/tls"
	"encoding/hex"
	"fmt"

	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

func NewRedis(addr string) *redis.Client {
	return redis.NewClient(&redis.Options{
		Addr: addr,
		// ruleid: go.hardcoded-password-field
		Password: "inv3ntory-cache",
		// ruleid: go.tls-insecure-skip-verify
		TLSConfig: &tls.Config{InsecureSkipVerify: true},
	})
}

func CacheKey(sku string) string {
	// ok: go.weak-hash
	h := fmt.Sprintf("%x", len(sku))
	// ruleid: go.weak-hash
	sum := md5.Sum([]byte(sku))
	return h + hex.EncodeToString(sum[:])
}

type Reports struct {
	coll *mongo.Collection
}

// SlowMovers returns the items whose stock exceeds what the expression allows.
func (r *Reports) SlowMovers(ctx context.Context, expr string) (*mongo.Cursor, error) {
	// ruleid: go.nosql-where-parameter
	return r.coll.Find(ctx, bson.M{"$where": "this.stock > " + expr})
}

func (r *Reports) ByWarehouse(ctx context.Context, warehouse string) (*mongo.Cursor, error) {
	// ok: go.nosql-where-parameter
	return r.coll.Find(ctx, bson.M{"warehouse": warehouse, "$where": "this.stock > this.reorder"})
}
