package leaserec_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
)

// TestFiles: a helper that does one thing to the path it is given, or to
// one fixed path, does it at every call; the atomic-write idiom (a
// scratch file renamed onto the path) is a write of the path; a function
// doing two things is no helper.
func TestFiles(t *testing.T) {
	u := testunit.Build(t, `package p

import "os"

func pidPath() string { return "/run/app.lock" }

func removeLock(path string) error { return os.Remove(path) }
func writeAtomic(path string, b []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}
func removePid() { os.Remove(pidPath()) }
func readThenRemove(path string) {
	os.ReadFile(path)
	os.Remove(path)
}
func reclaim(path, me string) bool {
	aside := path + ".stale." + me
	if os.Rename(path, aside) != nil {
		return false
	}
	os.Rename(aside, path)
	return true
}
func boxed(path string) func() error {
	os.Create(path)
	return func() error { return os.Remove(path) }
}

func use(p string) {
	removeLock(p)
	writeAtomic(p, nil)
	removePid()
	readThenRemove(p)
	boxed(p)
	reclaim(p, "me")
}
`)
	files := leaserec.NewFiles(u.Funcs)
	want := map[string]leaserec.Op{
		"removeLock":     leaserec.Remove,
		"writeAtomic":    leaserec.Create,
		"removePid":      leaserec.Remove,
		"readThenRemove": leaserec.NoOp,
		"boxed":          leaserec.Create,
		"reclaim":        leaserec.NoOp, // moves the file aside and back: two things
	}
	for _, fn := range u.Funcs {
		if fn.Name() != "use" {
			continue
		}
		for ci := range calls.In(fn) {
			name := ci.Common().StaticCallee().Name()
			op, path := files.Op(ci.Common())
			if op != want[name] {
				t.Errorf("%s: op %v, want %v", name, op, want[name])
			}
			if op != leaserec.NoOp && path == nil {
				t.Errorf("%s: no path", name)
			}
		}
	}
}
