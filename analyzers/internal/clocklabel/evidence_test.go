package clocklabel

import (
	"go/ast"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
)

// TestEvidence: lease evidence is read from the compared value itself (a
// lease-named instant, a local variable defined from one, a function of
// the package named for the lease, a lease record's field), never from
// what the program stored into a field or map it shares with other values
// (Issue.Fields holds the lease's text and a parked time alike); a Scan
// through a slice of destinations labels each destination.
func TestEvidence(t *testing.T) {
	u := testunit.Build(t, `package p

import (
	"database/sql"
	"time"
)

type Issue struct {
	Fields   map[string]string
	ParkedAt time.Time
}

type record struct {
	Owner     string
	ExpiresAt time.Time
}

func parse(s string) time.Time { t, _ := time.Parse(time.RFC3339, s); return t }

func leaseExpiresAt(lease time.Time, ttl time.Duration) time.Time { return lease.Add(ttl) }

func f(i Issue, r record, row *sql.Row, lease time.Time, cooldown time.Duration) {
	i.Fields["lease"] = lease.Format(time.RFC3339)
	parked := parse(i.Fields["parked"])
	expires := leaseExpiresAt(lease, cooldown)
	var created time.Time
	var leaseUntil sql.NullTime
	dest := make([]any, 0, 2)
	dest = append(dest, &created, &leaseUntil)
	_ = row.Scan(dest...)
	use(parked, i.ParkedAt, expires, r.ExpiresAt, leaseUntil, created)
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
	if len(args) != 6 {
		t.Fatalf("%d arguments, want 6", len(args))
	}
	for i, want := range []Flags{0, 0, LockNamed | DeadlineName, LeaseField | DeadlineName, LockNamed | DeadlineName, 0} {
		got := w.Evidence(args[i]).Bits
		if got&(LockNamed|LeaseField|DeadlineName) != want {
			t.Errorf("%s: evidence %b, want %b", exprName(args[i]), got, want)
		}
		if got&^EvidenceBits != 0 {
			t.Errorf("%s: evidence %b has bits that are no evidence", exprName(args[i]), got)
		}
	}
	if l := w.Eval(args[4]); !l.Has(ForeignTime) {
		t.Errorf("leaseUntil scanned through dest...: want ForeignTime, got %b", l.Bits)
	}
	if l := w.Eval(args[5]); !l.Has(ForeignTime) {
		t.Errorf("created scanned through dest...: want ForeignTime, got %b", l.Bits)
	}
}

func exprName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	if s, ok := e.(*ast.SelectorExpr); ok {
		return exprName(s.X) + "." + s.Sel.Name
	}
	return "?"
}
