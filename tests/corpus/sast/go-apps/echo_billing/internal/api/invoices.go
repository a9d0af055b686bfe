// stockade-expect: annotated
package api

import (
	"fmt"
	"net/http"
	"net/url"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/labstack/echo/v4"

	"example.com/billing/internal/store"
)

type Handler struct {
	DB     *sqlx.DB
	Store  *store.Invoices
	Client *http.Client
}

type invoiceFilter struct {
	Customer string `json:"customer" query:"customer"`
	Status   string `json:"status" query:"status"`
}

func (h *Handler) List(c echo.Context) error {
	var f invoiceFilter
	if err := c.Bind(&f); err != nil {
		return c.NoContent(http.StatusBadRequest)
	}
	var rows []store.Invoice
	// ruleid: go.sql-injection
	err := h.DB.Select(&rows, "SELECT * FROM invoices WHERE customer = '"+f.Customer+"' AND status = '"+f.Status+"'")
	if err != nil {
		return err
	}
	// ok: go.sql-injection
	err = h.DB.Select(&rows, "SELECT * FROM invoices WHERE customer = $1 AND status = $2", f.Customer, f.Status)
	return c.JSON(http.StatusOK, rows)
}

func (h *Handler) Get(c echo.Context) error {
	id := c.Param("id")
	var inv store.Invoice
	// ruleid: go.sql-injection
	if err := h.DB.Get(&inv, fmt.Sprintf("SELECT * FROM invoices WHERE id = %s", id)); err != nil {
		return c.NoContent(http.StatusNotFound)
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return c.NoContent(http.StatusBadRequest)
	}
	// ok: go.sql-injection
	if err := h.DB.Get(&inv, fmt.Sprintf("SELECT * FROM invoices WHERE id = %d", n)); err != nil {
		return c.NoContent(http.StatusNotFound)
	}
	return c.JSON(http.StatusOK, inv)
}

func (h *Handler) Sorted(c echo.Context) error {
	col := c.QueryParam("sort")
	rows, err := h.Store.SortedBy(c.Request().Context(), col)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, rows)
}

func (h *Handler) Receipt(c echo.Context) error {
	name := c.QueryParam("name")
	// ruleid: go.xss
	return c.HTML(http.StatusOK, "<h2>Receipt for "+name+"</h2>")
}

func (h *Handler) ReceiptText(c echo.Context) error {
	name := c.QueryParam("name")
	// ok: go.xss
	return c.String(http.StatusOK, "Receipt for "+name)
}

func (h *Handler) Pdf(c echo.Context) error {
	file := c.QueryParam("file")
	// ruleid: go.path-traversal
	return c.File(filepath.Join("/var/billing/pdf", file))
}

func (h *Handler) PdfSafe(c echo.Context) error {
	file := filepath.Base(c.QueryParam("file"))
	// ok: go.path-traversal
	return c.File(filepath.Join("/var/billing/pdf", file))
}

func (h *Handler) Render(c echo.Context) error {
	invoice := c.FormValue("invoice")
	// ruleid: go.command-injection
	out, err := exec.Command("sh", "-c", "wkhtmltopdf /tmp/"+invoice+".html /tmp/out.pdf").CombinedOutput()
	if err != nil {
		return c.String(http.StatusInternalServerError, string(out))
	}
	// ok: go.command-injection
	out, err = exec.Command("wkhtmltopdf", "--", "/tmp/"+filepath.Base(invoice)+".html", "/tmp/out.pdf").CombinedOutput()
	return c.Blob(http.StatusOK, "application/pdf", out)
}

func (h *Handler) Back(c echo.Context) error {
	next := c.QueryParam("next")
	if strings.HasPrefix(next, "/") && !strings.HasPrefix(next, "//") {
		// ok: go.open-redirect
		return c.Redirect(http.StatusFound, next)
	}
	// ruleid: go.open-redirect
	return c.Redirect(http.StatusFound, c.QueryParam("next"))
}

func (h *Handler) Notify(c echo.Context) error {
	hook := c.FormValue("webhook")
	// ruleid: go.ssrf
	resp, err := h.Client.Post(hook, "application/json", strings.NewReader(`{"paid":true}`))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	// ok: go.ssrf
	resp2, err := h.Client.Post("https://hooks.example.com/paid?src="+url.QueryEscape(hook), "application/json", nil)
	if err != nil {
		return err
	}
	defer resp2.Body.Close()
	return c.NoContent(http.StatusAccepted)
}
