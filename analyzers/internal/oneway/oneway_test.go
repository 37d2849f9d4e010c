package oneway

import (
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

const header = `package p

import (
	"context"
	"database/sql"
	"errors"
)

var errUsed = errors.New("used")

const used, unused = "used", "unused"
`

// claims are functions of one package and whether each reports its claim.
const claims = header + `
func literal(ctx context.Context, db *sql.DB, id int64) error {
	res, err := db.ExecContext(ctx, "UPDATE codes SET status = 'used' WHERE id = $1 AND status = 'unused'", id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errUsed
	}
	return nil
}

func bound(ctx context.Context, db *sql.DB, id int64) (bool, error) {
	res, err := db.ExecContext(ctx, "UPDATE codes SET status = $1 WHERE status = $2 AND id = $3", used, unused, id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	if n != 1 {
		return false, errUsed
	}
	return true, nil
}

func boolReport(ctx context.Context, db *sql.DB, id int64) bool {
	res, err := db.ExecContext(ctx, "UPDATE codes SET status = $1 WHERE status = $2 AND id = $3", used, unused, id)
	if err != nil {
		return false
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return true
	}
	return false
}

func untested(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, "UPDATE codes SET status = 'used' WHERE id = $1 AND status = 'unused'", id)
	return err
}

func nilOnLoss(ctx context.Context, db *sql.DB, id int64) error {
	res, err := db.ExecContext(ctx, "UPDATE codes SET status = 'used' WHERE id = $1 AND status = 'unused'", id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return nil
}

func early(ctx context.Context, db *sql.DB, id int64) error {
	if id == 0 {
		return nil
	}
	return literal(ctx, db, id)
}

func wraps(ctx context.Context, db *sql.DB, id int64) error {
	if err := literal(ctx, db, id); err != nil {
		return err
	}
	return nil
}

func after(ctx context.Context, db *sql.DB, id int64) {
	if err := literal(ctx, db, id); err != nil {
		db.ExecContext(ctx, "UPDATE stats SET failed = failed + 1")
		return
	}
	db.ExecContext(ctx, "UPDATE users SET balance = balance + 1 WHERE id = $1", id)
}
`

func TestReports(t *testing.T) {
	pkg := testutil.BuildSSA(t, claims)
	p := NewPackage(funcs(pkg), nil)
	for name, want := range map[string]bool{
		"literal": true, "bound": true, "boolReport": true, "untested": false,
		"nilOnLoss": false, "early": false, "wraps": true, "after": false,
	} {
		if _, got := p.Reports(pkg.Func(name)); got != want {
			t.Errorf("Reports(%s) = %v, want %v", name, got, want)
		}
	}
	if len(p.ClaimsIn(pkg.Func("bound"))) != 1 {
		t.Errorf("bound: the claim with Go constants bound to its placeholders is not recognised")
	}
}

func TestFenced(t *testing.T) {
	pkg := testutil.BuildSSA(t, claims)
	p := NewPackage(funcs(pkg), nil)
	got := map[string]bool{}
	for ci := range calls.In(pkg.Func("after")) {
		if fn := calls.Callee(ci.Common()); fn != nil && fn.Name() == "ExecContext" {
			q, _ := calls.ConstString(calls.Arg(ci.Common(), 1))
			got[strings.Fields(q)[1]] = p.Fenced(ci)
		}
	}
	if !got["users"] || got["stats"] {
		t.Errorf("Fenced: %v, want the write on the success branch only (users)", got)
	}
}

// A package that also writes the guarded value back (a reaper) has a
// lease, not a claim; so does one writing the state column from a
// variable.
func TestReset(t *testing.T) {
	for _, reset := range []string{
		`db.ExecContext(ctx, "UPDATE codes SET status = 'unused' WHERE used_at < now()")`,
		`db.ExecContext(ctx, "UPDATE codes SET status = $1 WHERE id = $2", s, 1)`,
		`db.ExecContext(ctx, "INSERT INTO codes (id, status) VALUES (1, 'x') ON CONFLICT (id) DO UPDATE SET status = 'unused'")`,
	} {
		src := claims + `
func reap(ctx context.Context, db *sql.DB, s string) {
	` + reset + `
}
`
		pkg := testutil.BuildSSA(t, src)
		p := NewPackage(funcs(pkg), nil)
		if _, ok := p.Reports(pkg.Func("literal")); ok {
			t.Errorf("with %s, literal still reports a claim", reset)
		}
	}
	// Writes of other tables, of other values, and new rows are no reset.
	src := claims + `
func other(ctx context.Context, db *sql.DB, s string) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'unused' WHERE id = 1")
	db.ExecContext(ctx, "UPDATE codes SET status = 'expired' WHERE used_at < now()")
	db.ExecContext(ctx, "INSERT INTO codes (id, status) VALUES ($1, 'unused')", s)
}
`
	pkg := testutil.BuildSSA(t, src)
	if _, ok := NewPackage(funcs(pkg), nil).Reports(pkg.Func("literal")); !ok {
		t.Errorf("writes of other tables, values or new rows undo the claim")
	}
}

// The package's writes of the state column are a graph: a write guarded
// by its own WHERE moves only records in that state. The claim unused ->
// used is reset only when unused can be reached from used.
func TestResetGraph(t *testing.T) {
	for _, c := range []struct {
		writes string
		reset  bool
	}{
		// A later step of the same record (used -> paid), and an earlier
		// one (draft -> unused) that no record in used can take.
		{`db.ExecContext(ctx, "UPDATE codes SET status = 'paid' WHERE id = $1 AND status = 'used'", 1)
	db.ExecContext(ctx, "UPDATE codes SET status = 'unused' WHERE id = $1 AND status = 'draft'", 1)`, false},
		// Back to unused in two guarded steps: used -> archived -> unused.
		{`db.ExecContext(ctx, "UPDATE codes SET status = 'archived' WHERE id = $1 AND status = 'used'", 1)
	db.ExecContext(ctx, "UPDATE codes SET status = 'unused' WHERE id = $1 AND status = 'archived'", 1)`, true},
		// An unguarded write to draft makes draft -> unused reachable.
		{`db.ExecContext(ctx, "UPDATE codes SET status = 'draft' WHERE id = $1", 1)
	db.ExecContext(ctx, "UPDATE codes SET status = 'unused' WHERE id = $1 AND status = 'draft'", 1)`, true},
	} {
		src := claims + `
func steps(ctx context.Context, db *sql.DB) {
	` + c.writes + `
}
`
		pkg := testutil.BuildSSA(t, src)
		if _, ok := NewPackage(funcs(pkg), nil).Reports(pkg.Func("literal")); ok == c.reset {
			t.Errorf("with\n\t%s\nliteral reports a claim: %v, want %v", c.writes, ok, !c.reset)
		}
	}
}

func funcs(pkg *ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	for _, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok && fn.Synthetic == "" {
			out = append(out, fn)
			out = append(out, fn.AnonFuncs...)
		}
	}
	return out
}
