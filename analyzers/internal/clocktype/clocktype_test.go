package clocktype

import (
	"go/ast"
	"go/types"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
)

const src = `package p

import (
	"sync"
	"time"
)

type State int

const (
	Joining State = iota
	Leaving
)

type Count int

type Inner struct {
	RenewedUnix int64 ` + "`json:\"renewed_unix\"`" + `
	LeaseDurationSeconds int64
	Updated time.Time
	note string
}

type Outer struct {
	Inner
	mu *sync.RWMutex
}

var (
	instant  time.Time
	pinstant *time.Time
	unix     int64
	ttl      time.Duration
	secs     int
	ratio    float64
	name     string
	done     chan bool
	err      error
	ok       bool
	stamps   []int64
	mu       sync.Mutex
	state    State
	count    Count
)

func f(o Outer) int64 { return o.RenewedUnix }
`

func TestTypes(t *testing.T) {
	pkg, file, info := testutil.BuildSSAFile(t, src)
	typ := func(name string) types.Type { return pkg.Pkg.Scope().Lookup(name).Type() }
	for _, c := range []struct {
		name                                string
		timeish, durationish, carrier, ordd bool
	}{
		{"instant", true, false, true, true},
		{"pinstant", true, false, true, true},
		{"unix", true, true, true, true},
		{"ttl", false, true, true, true},
		{"secs", true, true, true, true},
		{"ratio", false, false, true, true},
		{"name", false, false, true, false},
		{"done", false, false, false, false},
		{"err", false, false, false, false},
		{"ok", false, false, false, false},
		{"stamps", false, false, true, false},
	} {
		tt := typ(c.name)
		if got := Timeish(tt); got != c.timeish {
			t.Errorf("Timeish(%s) = %v", c.name, got)
		}
		if got := Durationish(tt); got != c.durationish {
			t.Errorf("Durationish(%s) = %v", c.name, got)
		}
		if got := Carrier(tt); got != c.carrier {
			t.Errorf("Carrier(%s) = %v", c.name, got)
		}
		if got := Ordered(tt); got != c.ordd {
			t.Errorf("Ordered(%s) = %v", c.name, got)
		}
	}
	if !SyncType(typ("mu")) || SyncType(typ("instant")) {
		t.Errorf("SyncType: sync.Mutex is one, time.Time is not")
	}
	var e Enums
	if !e.Is(typ("state")) || e.Is(typ("count")) || e.Is(typ("ttl")) {
		t.Errorf("Enums.Is: State (two constants) is an enum, Count and time.Duration are not")
	}

	// Fields: an instant by type or deadline name, a duration by name, a
	// serialized field, and the struct that declares a promoted field.
	inner := typ("Inner").Underlying().(*types.Struct)
	field := func(name string) *types.Var {
		for i := 0; i < inner.NumFields(); i++ {
			if inner.Field(i).Name() == name {
				return inner.Field(i)
			}
		}
		t.Fatalf("no field %s", name)
		return nil
	}
	for name, want := range map[string]bool{"RenewedUnix": true, "LeaseDurationSeconds": false, "Updated": true, "note": false} {
		if got := StoredInstant(field(name)); got != want {
			t.Errorf("StoredInstant(%s) = %v, want %v", name, got, want)
		}
	}
	named := typ("Inner").(*types.Named)
	if !Serialized(named, field("RenewedUnix")) || Serialized(named, field("Updated")) {
		t.Errorf("Serialized: RenewedUnix has a json tag, Updated none")
	}
	var sel *types.Selection
	ast.Inspect(file, func(n ast.Node) bool {
		if x, ok := n.(*ast.SelectorExpr); ok && x.Sel.Name == "RenewedUnix" {
			sel = info.Selections[x]
		}
		return true
	})
	if owner := FieldOwner(sel); owner == nil || owner.Obj().Name() != "Inner" {
		t.Errorf("FieldOwner(o.RenewedUnix) = %v, want Inner (promoted through Outer)", owner)
	}
}

func TestLockTTLName(t *testing.T) {
	for name, want := range map[string]bool{
		"lockTTL":       true,
		"leaseDuration": true,
		"lease":         true,
		"cacheTTL":      false,
		"lockKey":       false,
	} {
		if got := LockTTLName(name); got != want {
			t.Errorf("LockTTLName(%q) = %v, want %v", name, got, want)
		}
	}
}
