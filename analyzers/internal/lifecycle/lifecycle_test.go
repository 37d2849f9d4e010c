package lifecycle

import (
	"go/types"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// engine answers for Check as the engine does for a package with no
// acquire wrappers, no interface implementations elsewhere and no
// dependencies' facts, and keeps the findings.
type engine struct{ found []unit.Finding }

func (*engine) Tokens(fn *ssa.Function) *flow.Tokens                    { return flow.Analyze(fn, nil, flow.NewFields()) }
func (e *engine) Report(f unit.Finding)                                 { e.found = append(e.found, f) }
func (*engine) Implementations(*ssa.CallCommon) []*ssa.Function         { return nil }
func (*engine) DepImplementations(*ssa.CallCommon) []*types.Func        { return nil }
func (*engine) HandleText(*section.Section) string                      { return "" }
func (*engine) KeyEvidence(*ssa.Function, ssa.Value) bool               { return false }
func (*engine) HeldAt(_, _ *ssa.Function) bool                          { return true }
func (*engine) IsCustomCheck(*types.Func) bool                          { return false }
func (*engine) ProgramSummaries(*ssa.CallCommon, string) []unit.Summary { return nil }
func (*engine) RecordSummary(*ssa.Function, *types.Func, string, analysis.Fact) {
}

// expect runs Check on src (package example.com/job over the library
// stubs under stubs) and checks that it reports exactly the lines marked
// "// want CODE: text", each with its code and a message containing text.
func expect(t *testing.T, src string, stubs ...string) {
	t.Helper()
	u := testunit.BuildStubbed(t, "example.com/job", src, stubs...)
	e := &engine{}
	u.Engine = e
	u.Pass.ExportObjectFact = func(types.Object, analysis.Fact) {}
	u.Pass.ImportObjectFact = func(types.Object, analysis.Fact) bool { return false }
	u.Pass.AllObjectFacts = func() []analysis.ObjectFact { return nil }
	for _, fn := range u.Funcs {
		u.Sections = append(u.Sections, section.Find(fn)...) // the engine's, without wrappers
	}
	Check(u)
	want := map[int][2]string{}
	for i, line := range strings.Split(src, "\n") {
		if _, w, ok := strings.Cut(line, "// want "); ok {
			code, text, _ := strings.Cut(w, ": ")
			want[i+1] = [2]string{code, text}
		}
	}
	seen := map[int]bool{}
	for _, f := range e.found {
		line := u.Pass.Fset.Position(f.Pos).Line
		w, ok := want[line]
		switch {
		case !ok:
			t.Errorf("unexpected %s at line %d: %s", f.Code, line, f.Message)
		case f.Code.String() != w[0] || !strings.Contains(f.Message, w[1]):
			t.Errorf("%s at line %d: %s\nwant %s containing %q", f.Code, line, f.Message, w[0], w[1])
		}
		seen[line] = true
	}
	for line, w := range want {
		if !seen[line] {
			t.Errorf("no %s at line %d (want %q)", w[0], line, w[1])
		}
	}
}

// TestRedisRelease: a SET NX lock released by a plain DEL is FC5001 (with
// the compare-and-delete script as its fix); a release by the script is
// silent; a lock's EXPIRE renewed in the work loop with its bool dropped
// is FC5002.
func TestRedisRelease(t *testing.T) {
	expect(t, `package job

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

func newToken() string { return "t" }

func work() {}

const release = `+"`"+`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`+"`"+`

func plainDel(ctx context.Context, rdb *redis.Client) {
	token := newToken()
	if !rdb.SetNX(ctx, "lock:job", token, time.Minute).Val() {
		return
	}
	work()
	rdb.Del(ctx, "lock:job") // want FC5001: without checking that the key still holds this holder's value
}

func scripted(ctx context.Context, rdb *redis.Client) {
	token := newToken()
	if !rdb.SetNX(ctx, "lock:report", token, time.Minute).Val() {
		return
	}
	work()
	redis.NewScript(release).Run(ctx, rdb, []string{"lock:report"}, token)
}

func renewed(ctx context.Context, rdb *redis.Client) {
	token := newToken()
	if !rdb.SetNX(ctx, "lock:batch", token, time.Minute).Val() {
		return
	}
	for i := 0; i < 3; i++ {
		work()
		rdb.Expire(ctx, "lock:batch", time.Minute) // want FC5002: is discarded
	}
	redis.NewScript(release).Run(ctx, rdb, []string{"lock:batch"}, token)
}
`, "github.com/redis")
}

// TestSQLLease: a lease row released by its name only and a renewal whose
// rows affected are discarded are reported; the release with the owner in
// the predicate and the renewal that returns ErrLeaseLost on 0 rows are
// not.
func TestSQLLease(t *testing.T) {
	expect(t, `package job

import (
	"context"
	"database/sql"
	"errors"
)

var errLeaseLost = errors.New("lease lost")

func unlock(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, "DELETE FROM locks WHERE name = $1", name) // want FC5001: by its name only: if this holder
	return err
}

func unlockOwned(ctx context.Context, db *sql.DB, name, me string) error {
	_, err := db.ExecContext(ctx, "DELETE FROM locks WHERE name = $1 AND owner = $2", name, me)
	return err
}

func renew(ctx context.Context, db *sql.DB, name, me string) {
	db.ExecContext(ctx, "UPDATE locks SET expires_at = now() + interval '30 seconds' WHERE name = $1 AND owner = $2", name, me) // want FC5002: are discarded
}

func renewChecked(ctx context.Context, db *sql.DB, name, me string) error {
	res, err := db.ExecContext(ctx, "UPDATE locks SET expires_at = now() + interval '30 seconds' WHERE name = $1 AND owner = $2", name, me)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errLeaseLost
	}
	return nil
}
`)
}
