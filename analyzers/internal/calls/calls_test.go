package calls

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

// TestConstString recovers SQL text built from constants and refuses
// everything else ("unknown" is never guessed).
func TestConstString(t *testing.T) {
	src := `package p

import (
	"fmt"
	"strings"
)

const table = "accounts"

func sink(string) {}

func f(dyn string) {
	sink("UPDATE " + table + " SET a = 1")                                  // 0
	sink(fmt.Sprintf("UPDATE %s SET a = %d", table, 2))                      // 1
	sink(strings.Join([]string{"UPDATE t", "SET a = 1"}, " "))               // 2
	sink(fmt.Sprintf("UPDATE %s SET a = 1", dyn))                            // 3
	sink("UPDATE " + dyn)                                                    // 4
}
`
	want := []struct {
		text string
		ok   bool
	}{
		{"UPDATE accounts SET a = 1", true},
		{"UPDATE accounts SET a = 2", true},
		{"UPDATE t SET a = 1", true},
		{"", false},
		{"", false},
	}
	pkg := testutil.BuildSSA(t, src)
	got := testutil.SinkArgs(pkg.Func("f"))
	if len(got) != len(want) {
		t.Fatalf("found %d sink calls, want %d", len(got), len(want))
	}
	for i, v := range got {
		text, ok := ConstString(v)
		if text != want[i].text || ok != want[i].ok {
			t.Errorf("call %d: ConstString = %q, %v; want %q, %v", i, text, ok, want[i].text, want[i].ok)
		}
	}
}

// TestErrorResult: the error of (T, error), the call itself for a lone
// error, nothing for a call with no error result.
func TestErrorResult(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

func pair() (int, error) { return 0, nil }
func lone() error        { return nil }
func none() int          { return 0 }

func f() {
	_, _ = pair()
	_ = lone()
	_ = none()
}
`)
	got := map[string]string{}
	for _, b := range pkg.Func("f").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				kind := "nil"
				switch v := ErrorResult(c); {
				case v == c:
					kind = "call"
				case v != nil:
					kind = "extract"
				}
				got[c.Call.StaticCallee().Name()] = kind
			}
		}
	}
	want := map[string]string{"pair": "extract", "lone": "call", "none": "nil"}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("ErrorResult(%s()) = %s, want %s", k, got[k], w)
		}
	}
}

// TestHelperPrefix: the constant start of a key, through concatenation,
// Sprintf and a key-building helper of the program's own (one level of
// helper calling another too), but not through a helper with two returns;
// ConstPrefix does not enter helpers.
func TestHelperPrefix(t *testing.T) {
	src := `package p

import "fmt"

type lock struct{ ns string }

func (l *lock) name(id string) string { return fmt.Sprintf("im:lock:%s", id) }
func (l *lock) outer(id string) string { return l.name(id) }
func either(id string, b bool) string {
	if b {
		return "a:" + id
	}
	return "b:" + id
}

func sink(string) {}

func f(l *lock, id string, b bool) {
	sink("lock:" + id)    // 0
	sink(l.name(id))      // 1
	sink(l.outer(id))     // 2
	sink(either(id, b))   // 3
	sink(id)              // 4
}
`
	want := []struct {
		text string
		ok   bool
	}{{"lock:", true}, {"im:lock:", true}, {"im:lock:", true}, {"", false}, {"", false}}
	pkg := testutil.BuildSSA(t, src)
	got := testutil.SinkArgs(pkg.Func("f"))
	for i, v := range got {
		text, ok := HelperPrefix(v)
		if text != want[i].text || ok != want[i].ok {
			t.Errorf("call %d: HelperPrefix = %q, %v; want %q, %v", i, text, ok, want[i].text, want[i].ok)
		}
		if _, ok := ConstPrefix(v); ok && (i == 1 || i == 2) {
			t.Errorf("call %d: ConstPrefix entered a helper", i)
		}
	}
}

// TestPlaceholderRewriter: a helper of the program that only turns '?'
// placeholders into $n returns its statement; one that adds text does not.
func TestPlaceholderRewriter(t *testing.T) {
	src := `package p

import (
	"strconv"
	"strings"
)

type store struct{ postgres bool }

func (s *store) bind(query string) string {
	if !s.postgres {
		return query
	}
	for i := 1; strings.Contains(query, "?"); i++ {
		query = strings.Replace(query, "?", "$"+strconv.Itoa(i), 1)
	}
	return query
}

func (s *store) limit(query string) string { return query + " LIMIT 1" }

func dollars(query string) string { return strings.ReplaceAll(query, "?", "$1") }

func sink(string) {}

func f(s *store) {
	sink(s.bind("UPDATE t SET a = ? WHERE id = ?")) // 0
	sink(s.limit("SELECT a FROM t"))                 // 1
	sink(dollars("DELETE FROM t WHERE id = ?"))     // 2
}
`
	want := []struct {
		text string
		ok   bool
	}{{"UPDATE t SET a = ? WHERE id = ?", true}, {"", false}, {"DELETE FROM t WHERE id = ?", true}}
	pkg := testutil.BuildSSA(t, src)
	got := testutil.SinkArgs(pkg.Func("f"))
	for i, v := range got {
		text, ok := ConstString(v)
		if text != want[i].text || ok != want[i].ok {
			t.Errorf("call %d: ConstString = %q, %v; want %q, %v", i, text, ok, want[i].text, want[i].ok)
		}
	}
}

// TestStoredOnce: the value a captured variable is assigned once, a
// function literal counting only as a default, and nothing for a
// variable assigned twice.
func TestStoredOnce(t *testing.T) {
	src := `package p

func use(f func()) {}

func once(onLost func()) {
	go func() { onLost() }()
}

func defaulted(onLost func()) {
	if onLost == nil {
		onLost = func() {}
	}
	go func() { onLost() }()
}

func twice(a, b func()) {
	f := a
	if b != nil {
		f = b
	}
	go func() { f() }()
}
`
	pkg := testutil.BuildSSA(t, src)
	cell := func(name string) *ssa.Alloc {
		for _, b := range pkg.Func(name).Blocks {
			for _, instr := range b.Instrs {
				if a, ok := instr.(*ssa.Alloc); ok && a.Heap {
					return a
				}
			}
		}
		t.Fatalf("%s: no captured variable", name)
		return nil
	}
	isLit := func(v ssa.Value) bool { _, ok := v.(*ssa.Function); return ok }
	if v, ok := StoredOnce(cell("once"), nil).(*ssa.Parameter); !ok || v.Name() != "onLost" {
		t.Errorf("once: %v, want the parameter onLost", v)
	}
	if v, ok := StoredOnce(cell("defaulted"), isLit).(*ssa.Parameter); !ok || v.Name() != "onLost" {
		t.Errorf("defaulted: %v, want the parameter onLost", v)
	}
	if v := StoredOnce(cell("defaulted"), nil); v != nil {
		t.Errorf("defaulted without defaults: %v, want nil", v)
	}
	if v := StoredOnce(cell("twice"), nil); v != nil {
		t.Errorf("twice: %v, want nil", v)
	}
}

func TestNilGuards(t *testing.T) {
	src := `package p

func put(tx *int) {}
func fallback()   {}

func nilOnly(tx *int) {
	if tx == nil {
		fallback()
		return
	}
	put(tx)
}

func notNilOnly(tx *int) {
	if tx != nil {
		put(tx)
		return
	}
	fallback()
}

func either(tx *int, ok bool) {
	if tx == nil || ok {
		fallback()
	}
}
`
	pkg := testutil.BuildSSA(t, src)
	guards := func(fn, callee string) int {
		for ci := range In(pkg.Func(fn)) {
			if c := ci.Common().StaticCallee(); c != nil && c.Name() == callee {
				vals, ifs := NilGuards(ci)
				if len(vals) != len(ifs) {
					t.Fatalf("%s: %d values, %d ifs", fn, len(vals), len(ifs))
				}
				return len(vals)
			}
		}
		t.Fatalf("%s: no call of %s", fn, callee)
		return 0
	}
	for _, tc := range []struct {
		fn, callee string
		want       int
	}{
		{"nilOnly", "fallback", 1},
		{"nilOnly", "put", 0},
		{"notNilOnly", "fallback", 1},
		{"notNilOnly", "put", 0},
		{"either", "fallback", 0},
	} {
		if got := guards(tc.fn, tc.callee); got != tc.want {
			t.Errorf("NilGuards(%s in %s) = %d guards, want %d", tc.callee, tc.fn, got, tc.want)
		}
	}
}
