// stockade-expect: annotated
package storage

import (
	"archive/tar"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Restore unpacks a backup archive into dir.
func Restore(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		target := filepath.Join(dir, hdr.Name)
		// ruleid: go.zip-slip
		f, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY, os.FileMode(hdr.Mode))
		if err != nil {
			return err
		}
		if _, err := io.Copy(f, io.LimitReader(tr, 1<<30)); err != nil {
			return err
		}
		f.Close()
	}
}

// RestoreChecked unpacks a backup archive into dir, refusing entries outside it.
func RestoreChecked(r io.Reader, dir string) error {
	tr := tar.NewReader(r)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		target := filepath.Join(dir, hdr.Name)
		if !strings.HasPrefix(target, filepath.Clean(dir)+string(os.PathSeparator)) {
			continue
		}
		// ok: go.zip-slip
		f, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			return err
		}
		if _, err := io.Copy(f, io.LimitReader(tr, 1<<30)); err != nil {
			return err
		}
		f.Close()
	}
}

func WriteIndex(dir string, data []byte) error {
	// ruleid: go.world-writable-permissions
	if err := os.WriteFile(filepath.Join(dir, "index.json"), data, 0o777); err != nil {
		return err
	}
	// ok: go.world-writable-permissions
	return os.WriteFile(filepath.Join(dir, "index.bak"), data, 0o640)
}
