// stockade-expect: annotated
package handlers

import (
	"fmt"
	"html/template"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"

	"example.com/shop/repository"
)

type ProductHandler struct {
	repo *repository.ProductRepo
	db   *gorm.DB
}

func NewProductHandler(repo *repository.ProductRepo) *ProductHandler {
	return &ProductHandler{repo: repo}
}

func (h *ProductHandler) Search(c *gin.Context) {
	items, err := h.repo.Search(c.Request.Context(), c.Query("q"), c.DefaultQuery("sort", "name"))
	if err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": "search failed"})
		return
	}
	c.JSON(http.StatusOK, items)
}

func (h *ProductHandler) Get(c *gin.Context) {
	id := c.Param("id")
	var p repository.Product
	// ruleid: go.sql-injection
	if err := h.db.Raw("SELECT * FROM products WHERE id = " + id).Scan(&p).Error; err != nil {
		c.AbortWithStatus(http.StatusNotFound)
		return
	}
	c.JSON(http.StatusOK, p)
}

func (h *ProductHandler) Export(c *gin.Context) {
	column := c.Query("order")
	switch column {
	case "name", "price", "created_at":
	default:
		column = "id"
	}
	var rows []repository.Product
	// ok: go.sql-injection
	h.db.Order(column + " DESC").Find(&rows)
	category := c.Query("category")
	// ruleid: go.sql-injection
	h.db.Where("category = '" + category + "'").Order("id").Find(&rows)
	// ok: go.sql-injection
	h.db.Where("category = ?", category).Find(&rows)
	n, _ := strconv.Atoi(c.Query("limit"))
	// ok: go.sql-injection
	h.db.Raw(fmt.Sprintf("SELECT * FROM products LIMIT %d", n)).Scan(&rows)
	c.JSON(http.StatusOK, rows)
}

func (h *ProductHandler) UploadImage(c *gin.Context) {
	file, err := c.FormFile("image")
	if err != nil {
		c.String(http.StatusBadRequest, "no file")
		return
	}
	// ruleid: go.path-traversal
	if err := c.SaveUploadedFile(file, "/var/shop/images/"+file.Filename); err != nil {
		c.String(http.StatusInternalServerError, "save failed")
		return
	}
	// ok: go.path-traversal
	c.SaveUploadedFile(file, filepath.Join("/var/shop/images", filepath.Base(file.Filename)))
	c.Status(http.StatusCreated)
}

func (h *ProductHandler) Download(c *gin.Context) {
	name := c.Query("file")
	// ruleid: go.path-traversal
	data, err := os.ReadFile(filepath.Join("/var/shop/exports", name))
	if err != nil {
		c.Status(http.StatusNotFound)
		return
	}
	c.Data(http.StatusOK, "text/csv", data)
	clean := filepath.Clean("/" + name)
	full := filepath.Join("/var/shop/exports", clean)
	if !strings.HasPrefix(full, "/var/shop/exports/") {
		c.Status(http.StatusBadRequest)
		return
	}
	// ok: go.path-traversal
	c.File(full)
}

func (h *ProductHandler) Away(c *gin.Context) {
	target := c.Query("to")
	if strings.HasPrefix(target, "/") && !strings.HasPrefix(target, "//") {
		// ok: go.open-redirect
		c.Redirect(http.StatusFound, target)
		return
	}
	// ruleid: go.open-redirect
	c.Redirect(http.StatusFound, c.Query("to"))
}

func (h *ProductHandler) Preview(c *gin.Context) {
	desc := c.PostForm("description")
	// ruleid: go.xss
	c.Data(http.StatusOK, "text/html; charset=utf-8", []byte("<div class=preview>"+desc+"</div>"))
	// ok: go.xss
	c.HTML(http.StatusOK, "preview.tmpl", gin.H{"desc": desc})
	// ruleid: go.xss
	c.HTML(http.StatusOK, "preview.tmpl", gin.H{"desc": template.HTML(desc)})
	// ok: go.xss
	c.String(http.StatusOK, "received %d bytes", len(desc))
}
