package clocklabel

import (
	"go/ast"
	gotypes "go/types"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
)

const src = `package p

import (
	"encoding/json"
	"time"
)

type Lease struct {
	Holder    string
	ExpiresAt time.Time
}

type Cache struct{ Until time.Time }

func clock() time.Time { return time.Now() }

func keep(t time.Time) time.Time { return t }

func f(data []byte, lockTTL time.Duration, c Cache) {
	now := time.Now()
	var l Lease
	json.Unmarshal(data, &l)
	deadline := now.Add(lockTTL)
	elapsed := time.Since(now)
	rebuilt := time.Unix(now.Unix(), 0)
	fromHelper := clock()
	kept := keep(now)
	cached := c.Until
	use(now, lockTTL, l.ExpiresAt, deadline, elapsed, rebuilt, fromHelper, kept, cached)
}

func use(...any) {}
`

func TestLabels(t *testing.T) {
	u := testunit.Build(t, src)
	w := New(u)
	var args []ast.Expr
	ast.Inspect(u.Pass.Files[0], func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "use" {
				args = c.Args
			}
		}
		return true
	})
	for i, c := range []struct {
		has, hasNot Flags
	}{
		{LocalClock, ForeignTime | LockTTL | ElapsedTime},    // now
		{LockTTL | OwnTTL, APITTL | LocalClock},              // lockTTL, a TTL by its name only
		{ForeignTime | LeaseField, LocalClock},               // l.ExpiresAt, decoded from JSON into a lease
		{LocalClock | LockTTL, ForeignTime},                  // deadline = now.Add(lockTTL)
		{LocalClock | ElapsedTime, ForeignTime},              // time.Since(now)
		{LocalClock | WallOnly, ForeignTime | ElapsedTime},   // time.Unix(now.Unix(), 0): rebuilt without monotonic reading
		{LocalClock, ForeignTime},                            // clock(): a result of this package's function
		{LocalClock, ForeignTime},                            // keep(now): through a parameter and the result
		{0, LocalClock | ForeignTime | LeaseField | LockTTL}, // c.Until: nothing known of a cache
	} {
		l := w.Eval(args[i])
		if c.has != 0 && l.Bits&c.has != c.has {
			t.Errorf("Eval(%s) = %b, want the flags %b", exprText(args[i]), l.Bits, c.has)
		}
		if l.Has(c.hasNot) {
			t.Errorf("Eval(%s) = %b, want none of %b", exprText(args[i]), l.Bits, c.hasNot)
		}
	}
	if l := w.Eval(args[0]); l.Local.What != "time.Now()" {
		t.Errorf("origin of now = %q, want time.Now()", l.Local.What)
	}
}

// TestUnion: a union keeps the first origin of each kind and adds flags.
func TestUnion(t *testing.T) {
	a := LocalAt(1, "time.Now()")
	b := ForeignAt(2, "stored").Union(LocalAt(3, "other"))
	u := a.Union(b)
	if !u.Has(LocalClock) || !u.Has(ForeignTime) || u.Has(LockTTL) {
		t.Errorf("Union flags = %b", u.Bits)
	}
	if u.Local.What != "time.Now()" || u.Foreign.What != "stored" {
		t.Errorf("Union origins = %q, %q", u.Local.What, u.Foreign.What)
	}
}

func exprText(e ast.Expr) string { return gotypes.ExprString(e) }

// TestParsedInteger: an integer parsed from text of unknown origin is an
// untrusted instant; one parsed from this host's own clock's text keeps
// that clock's label; a count parsed from text is untrusted too (whether
// it is an instant is the comparison's business: with no clock reading
// beside it, nothing is reported).
func TestParsedInteger(t *testing.T) {
	u := testunit.Build(t, `package p

import (
	"strconv"
	"time"
)

func f(md map[string]string) {
	nbf, _ := strconv.ParseInt(md["nbf"], 10, 64)
	own, _ := strconv.ParseInt(strconv.FormatInt(time.Now().Unix(), 10), 10, 64)
	ok, _ := strconv.ParseBool(md["ok"])
	use(nbf, own, ok)
}

func use(...any) {}
`)
	w := New(u)
	var args []ast.Expr
	ast.Inspect(u.Pass.Files[0], func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "use" {
				args = c.Args
			}
		}
		return true
	})
	if l := w.Eval(args[0]); !l.Has(ForeignTime) || l.Has(LocalClock) || l.Foreign.What != "an integer parsed from text (strconv.ParseInt)" {
		t.Errorf("Eval(nbf) = %b %q, want an untrusted integer parsed from text", l.Bits, l.Foreign.What)
	}
	if l := w.Eval(args[1]); !l.Has(LocalClock) || l.Has(ForeignTime) {
		t.Errorf("Eval(own) = %b, want this host's clock only", l.Bits)
	}
	if l := w.Eval(args[2]); l.Bits != 0 {
		t.Errorf("Eval(ok) = %b, want no label for a parsed bool", l.Bits)
	}
}

// TestEmbeddedDecode: a field promoted from an embedded struct that was
// decoded into carries the decoded label, and a lock's own instant its
// name; a decoded instant named for no lock does not.
func TestEmbeddedDecode(t *testing.T) {
	u := testunit.Build(t, `package p

import (
	"encoding/json"
	"time"
)

type EventData struct {
	LockUpdateTime time.Time
	UpdateTime     time.Time
}

type Event struct{ EventData }

func f(data []byte) {
	var e Event
	json.Unmarshal(data, &e.EventData)
	use(e.LockUpdateTime, e.UpdateTime)
}

func use(...any) {}
`)
	w := New(u)
	var args []ast.Expr
	ast.Inspect(u.Pass.Files[0], func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "use" {
				args = c.Args
			}
		}
		return true
	})
	if l := w.Eval(args[0]); !l.Has(ForeignTime) || !l.Has(LockNamed) {
		t.Errorf("Eval(e.LockUpdateTime) = %b, want decoded and named as the lock's", l.Bits)
	}
	if l := w.Eval(args[1]); !l.Has(ForeignTime) || l.Has(LockNamed) {
		t.Errorf("Eval(e.UpdateTime) = %b, want decoded, named for no lock", l.Bits)
	}
}
