// stockade-expect: annotated
package repository

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

type Product struct {
	ID       uint
	Name     string
	Category string
	Price    int64
}

type ProductRepo struct {
	db *gorm.DB
}

func NewProductRepo(db *gorm.DB) *ProductRepo {
	return &ProductRepo{db: db}
}

// Search is called by the HTTP layer with the raw query-string values.
func (r *ProductRepo) Search(ctx context.Context, term, sort string) ([]Product, error) {
	var out []Product
	// ruleid: go.sql-injection-parameter
	err := r.db.WithContext(ctx).Raw("SELECT * FROM products WHERE name ILIKE '%" + term + "%' ORDER BY " + sort).Scan(&out).Error
	return out, err
}

func (r *ProductRepo) SearchSafe(ctx context.Context, term string) ([]Product, error) {
	var out []Product
	// ok: go.sql-injection-parameter
	err := r.db.WithContext(ctx).Where("name ILIKE ?", "%"+term+"%").Order("name").Find(&out).Error
	return out, err
}

func (r *ProductRepo) ByCategory(category string) ([]Product, error) {
	var out []Product
	// ruleid: go.sql-injection-parameter
	err := r.db.Where(fmt.Sprintf("category = '%s'", category)).Find(&out).Error
	return out, err
}

func (r *ProductRepo) Page(limit, offset int) ([]Product, error) {
	var out []Product
	// ok: go.sql-injection-parameter
	err := r.db.Raw(fmt.Sprintf("SELECT * FROM products ORDER BY id LIMIT %d OFFSET %d", limit, offset)).Scan(&out).Error
	return out, err
}

func (r *ProductRepo) Get(id string) (*Product, error) {
	var p Product
	// ok: go.sql-injection-parameter
	if err := r.db.First(&p, "id = ?", id).Error; err != nil {
		return nil, err
	}
	return &p, nil
}

func (r *ProductRepo) Delete(id uint) error {
	// ok: go.sql-injection-parameter
	return r.db.Exec("DELETE FROM products WHERE id = ?", id).Error
}
