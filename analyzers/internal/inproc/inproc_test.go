package inproc

import (
	"go/types"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/astexpr"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"golang.org/x/tools/go/ssa"
)

const src = `package p

import (
	"sync"
	"time"
)

type entry struct {
	owner string
	until time.Time
}

type stored struct {
	Until time.Time ` + "`json:\"until\"`" + `
}

// A lock table guarded by its mutex: in-process state.
type table struct {
	mu      sync.Mutex
	leases  map[string]time.Time
	entries map[string]*entry
}

// The same map without a mutex, and entries meant for storage.
type unguarded struct {
	leases map[string]time.Time
}

type records struct {
	mu   sync.Mutex
	recs map[string]stored
}

// A map kept by a function that also uses a lock: a shadow of it.
type shadow struct {
	mu    sync.Mutex
	taken map[string]time.Time
}

func (s *shadow) take(k string) {
	s.taken[k] = time.Now()
	acquire(k)
}

func acquire(string) {}

var (
	pkgMu     sync.Mutex
	deadlines = map[string]time.Time{}
)
`

func TestState(t *testing.T) {
	u := testunit.Build(t, src)
	r := &astexpr.Reader{Info: u.Pass.TypesInfo, Pkg: u.Pass.Pkg, Files: u.Pass.Files}
	usesLock := func(fn *ssa.Function) bool { return fn.Name() == "take" }
	s := New(u, r.Target, usesLock)

	field := func(typ, name string) types.Object {
		st := u.Pass.Pkg.Scope().Lookup(typ).Type().Underlying().(*types.Struct)
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == name {
				return st.Field(i)
			}
		}
		t.Fatalf("no field %s.%s", typ, name)
		return nil
	}
	for _, c := range []struct {
		typ, field string
		want       bool
	}{
		{"table", "leases", true},
		{"table", "entries", true},
		{"unguarded", "leases", false},
		{"records", "recs", false},
		{"shadow", "taken", false},
	} {
		if got := s.Map(field(c.typ, c.field)); got != c.want {
			t.Errorf("Map(%s.%s) = %v, want %v", c.typ, c.field, got, c.want)
		}
	}
	if !s.Map(u.Pass.Pkg.Scope().Lookup("deadlines")) {
		t.Errorf("Map(deadlines): a package map next to a package mutex is in-process")
	}
	entry := u.Pass.Pkg.Scope().Lookup("entry").Type().(*types.Named)
	if !s.Entry(entry) {
		t.Errorf("Entry(entry): the element type of table.entries")
	}
}
