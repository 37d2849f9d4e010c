package leaserec_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"golang.org/x/tools/go/ssa"
)

// TestPaths: a lock file's path computed once, passed to helpers and kept
// in the lock's handle under a plain name, is the same lock file in every
// function; another file joined from the same directory is not.
func TestPaths(t *testing.T) {
	u := testunit.Build(t, `package p

import (
	"os"
	"path/filepath"
)

type handle struct{ path string }

func acquire(dir string) *handle {
	p := filepath.Join(dir, "app.lock")
	create(p)
	read(p)
	os.Remove(filepath.Join(dir, "spool.tmp"))
	return &handle{path: p}
}

func create(path string) { os.WriteFile(path, nil, 0o644) }
func read(path string)   { os.ReadFile(path) }
func (h *handle) release() { os.Remove(h.path) }
`)
	paths := leaserec.NewPaths(u.Index, u.Funcs)
	got := map[string]ssa.Value{}
	for _, fn := range u.Funcs {
		for ci := range calls.In(fn) {
			if op, path := leaserec.File(ci.Common()); op != leaserec.NoOp {
				name := fn.Name()
				if fn.Name() == "acquire" {
					name = "spool"
				}
				got[name] = path
			}
		}
	}
	for _, name := range []string{"create", "read", "release", "spool"} {
		if got[name] == nil {
			t.Fatalf("no file call in %s", name)
		}
	}
	for _, pair := range [][2]string{{"release", "create"}, {"release", "read"}, {"create", "read"}} {
		if !paths.Same(got[pair[0]], got[pair[1]]) {
			t.Errorf("Same(%s, %s) = false, want true", pair[0], pair[1])
		}
	}
	if paths.Same(got["release"], got["spool"]) {
		t.Errorf("Same(release, spool) = true, want false")
	}
	if !paths.Lock(got["release"]) {
		t.Errorf("Lock(h.path) = false, want true: it holds app.lock")
	}
	if paths.Lock(got["spool"]) {
		t.Errorf("Lock(spool.tmp) = true, want false")
	}
}
