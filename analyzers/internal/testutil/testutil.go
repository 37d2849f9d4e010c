// Package testutil locates the shared analysistest data: stubs of the lock
// and sink libraries and the check packages under <repo>/testdata/src.
package testutil

import (
	"path/filepath"
	"runtime"
)

// TestData returns the absolute path of the repository's testdata
// directory, whichever package's test asks.
func TestData() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata")
}
