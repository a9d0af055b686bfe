// stockade-expect: annotated
package snippets

import (
	"database/sql"
	"fmt"
	"html"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"

	"github.com/gin-gonic/gin"
)

func Orders(db *sql.DB, w http.ResponseWriter, r *http.Request) {
	sort := r.URL.Query().Get("sort")
	id := r.URL.Query().Get("id")
	// ruleid: go.sql-injection
	db.Query("SELECT * FROM orders ORDER BY " + sort)
	// ok: go.sql-injection
	db.Query("SELECT * FROM orders WHERE id = ?", id)
	n, _ := strconv.Atoi(id)
	// ok: go.sql-injection
	db.Query(fmt.Sprintf("SELECT * FROM orders LIMIT %d", n))
	// ruleid: go.xss
	fmt.Fprintf(w, "<b>%s</b>", sort)
	// ok: go.xss
	fmt.Fprintf(w, "<b>%s</b>", html.EscapeString(sort))
}

func Tools(c *gin.Context) {
	target := c.Query("target")
	// ok: go.command-injection
	exec.Command("dig", "+short", target).Run()
	// ruleid: go.command-injection
	exec.Command("bash", "-c", "dig +short "+target).Run()
	// ruleid: go.path-traversal
	c.File(filepath.Join("/data", target))
	// ok: go.path-traversal
	c.File(filepath.Join("/data", filepath.Base(target)))
	// ruleid: go.open-redirect
	c.Redirect(http.StatusFound, c.Query("next"))
	// ok: go.open-redirect
	c.Redirect(http.StatusFound, "/dashboard")
}
