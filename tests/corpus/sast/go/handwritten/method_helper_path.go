// stockade-expect: vulnerable CWE-22
package files

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
)

type Store struct{ root string }

func (s *Store) open(name string) (*os.File, error) {
	return os.Open(filepath.Join(s.root, name))
}

func (s *Store) Download(w http.ResponseWriter, r *http.Request) {
	f, err := s.open(r.URL.Query().Get("name"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	io.Copy(w, f)
}
