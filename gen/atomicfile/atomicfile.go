// Package atomicfile writes files so that a reader, or a run that is
// interrupted, never sees half of one: the data goes to a temporary file in
// the same directory, is synced, and is renamed into place.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Perm is the mode of the files Write creates: they are meant to be read,
// reviewed and committed.
const Perm = 0o644

// Write writes data to path atomically with mode Perm. The directory must
// exist.
func Write(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), Perm); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
