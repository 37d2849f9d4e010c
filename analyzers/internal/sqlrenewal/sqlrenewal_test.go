package sqlrenewal

import (
	"go/types"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
)

// TestStatement: an UPDATE that moves an expiry or heartbeat forward WHERE
// the row names its holder renews; a release (the holder cleared), an
// UPDATE keyed by the row's own id, or one with no holder in its WHERE
// does not.
func TestStatement(t *testing.T) {
	for text, want := range map[string]string{
		"UPDATE leases SET expires_at = $1 WHERE name = $2 AND holder = $3":                                                          "UPDATE leases SET expires_at ... WHERE ... holder = $3",
		"UPDATE jobs SET heartbeat_at = now() WHERE id = ? AND claimed_by = ?":                                                       "UPDATE jobs SET heartbeat_at ... WHERE ... claimed_by = ?",
		"UPDATE tbl SET locked_until = $1 WHERE lock_token = $2":                                                                     "UPDATE <table> SET locked_until ... WHERE ... lock_token = $2",
		"UPDATE leases SET holder = NULL, expires_at = NULL WHERE holder = $1":                                                       "",
		"UPDATE workers SET heartbeat_at = now() WHERE worker_id = $1":                                                               "",
		"UPDATE leases SET expires_at = $1 WHERE name = $2":                                                                          "",
		"UPDATE leases SET payload = $1 WHERE holder = $2":                                                                           "",
		"INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3)":                                                          "",
		"UPDATE leases SET expires_at = $1 WHERE name = $2 AND holder = $3 OR 1=1":                                                   "",
		"UPDATE leader_leases SET expires_at = NOW() + INTERVAL '30 seconds' WHERE lock_id = $1 AND instance_id = $2 AND epoch = $3": "UPDATE leader_leases SET expires_at ... WHERE ... instance_id = $2",
		"UPDATE nodes SET expires_at = $1 WHERE node_id = $2":                                                                        "",
		"UPDATE sessions SET expires_at = $1 WHERE id = $2 AND host = $3":                                                            "",
	} {
		st, what := Statement(text, nil, nil)
		if what != want || (st != nil) != (want != "") {
			t.Errorf("Statement(%q) = %v, %q, want %q", text, st != nil, what, want)
		}
	}
}

// TestStatementJudged: a column no word marks as a lease's time renews
// the lease when the package's takeover judges the lease by it.
func TestStatementJudged(t *testing.T) {
	text := "UPDATE collection_queue SET locked_at = NOW() WHERE repo_id = $1 AND locked_by = $2 AND status = 'collecting'"
	if st, _ := Statement(text, nil, nil); st != nil {
		t.Errorf("Statement(%q) with no takeover = a renewal, want none", text)
	}
	judged := func(table, col string) bool { return table == "collection_queue" && col == "locked_at" }
	if st, what := Statement(text, nil, judged); st == nil || what != "UPDATE collection_queue SET locked_at ... WHERE ... locked_by = $2" {
		t.Errorf("Statement(%q) judged by locked_at = %v, %q, want a renewal", text, st != nil, what)
	}
	other := func(table, col string) bool { return table == "jobs" && col == "locked_at" }
	if st, _ := Statement(text, nil, other); st != nil {
		t.Errorf("Statement(%q) judged on another table = a renewal, want none", text)
	}
}

// TestStatementInRelease: the same holder-guarded UPDATE of the expiry in
// a function named as a release sets the expiry to now: it ends the lease.
func TestStatementInRelease(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

func ReleaseSchedulerLease() {}
func RenewSchedulerLease()   {}
`)
	text := "UPDATE scheduler_leases SET lease_expires_at = ? WHERE id = 1 AND holder_id = ?"
	if st, _ := Statement(text, pkg.Func("ReleaseSchedulerLease"), nil); st != nil {
		t.Errorf("Statement in ReleaseSchedulerLease = a renewal, want none")
	}
	if st, _ := Statement(text, pkg.Func("RenewSchedulerLease"), nil); st == nil {
		t.Errorf("Statement in RenewSchedulerLease = none, want a renewal")
	}
}

// TestCall: database/sql's Exec and QueryRow calls are read with their
// kind, a Sprintf'ed table name stands as "tbl", a Query (rows) is none.
func TestCall(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

import (
	"context"
	"database/sql"
	"fmt"
)

func renew(ctx context.Context, db *sql.DB, table string) {
	db.ExecContext(ctx, "UPDATE leases SET expires_at = $1 WHERE holder = $2", 1, 2)
	db.QueryRowContext(ctx, "UPDATE leases SET expires_at = $1 WHERE holder = $2 RETURNING name", 1, 2)
	db.ExecContext(ctx, fmt.Sprintf("UPDATE %s SET expires_at = $1 WHERE holder = $2", table), 1, 2)
	db.QueryContext(ctx, "SELECT 1")
	db.ExecContext(ctx, fmt.Sprintf("UPDATE %T SET a = 1", table))
}
`)
	type got struct {
		text string
		kind Kind
	}
	var out []got
	for ci := range calls.In(pkg.Func("renew")) {
		callee := calls.Callee(ci.Common())
		if callee == nil || callee.Pkg().Path() != "database/sql" {
			continue
		}
		text, _, kind := Call(ci, callee, sink(callee))
		out = append(out, got{text, kind})
	}
	want := []got{
		{"UPDATE leases SET expires_at = $1 WHERE holder = $2", Exec},
		{"UPDATE leases SET expires_at = $1 WHERE holder = $2 RETURNING name", QueryRow},
		{"UPDATE tbl SET expires_at = $1 WHERE holder = $2", Exec},
		{"", None},
		{"", None}, // %T is no identifier
	}
	if len(out) != len(want) {
		t.Fatalf("Call on %d calls, want %d", len(out), len(want))
	}
	for i := range want {
		if out[i] != want[i] {
			t.Errorf("Call #%d = %q, %d, want %q, %d", i, out[i].text, out[i].kind, want[i].text, want[i].kind)
		}
	}
}

func sink(fn *types.Func) *model.Sink {
	for _, s := range model.KB.Sinks {
		if s.Cond == model.CondSQL && model.MatchesAny(s.Funcs, fn) {
			return s
		}
	}
	return nil
}

// TestStatementStateHeartbeat: with no holder in its WHERE, a heartbeat
// that matches its row only while the record is in a working state
// renews a lease, in a function named as a renewal; keyed by id alone, or
// in a function with another name, it does not.
func TestStatementStateHeartbeat(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

func UpdateJobHeartbeat() {}
func ReportProgress()     {}
`)
	beat, other := pkg.Func("UpdateJobHeartbeat"), pkg.Func("ReportProgress")
	for _, tc := range []struct {
		text, want string
		inBeat     bool
	}{
		{"UPDATE jobs SET heartbeat_at = now() WHERE id = $1 AND state = 'running'", "UPDATE jobs SET heartbeat_at ... WHERE ... state = 'running'", true},
		{"UPDATE jobs SET heartbeat_at = $1 WHERE id = $2 AND status = $3", "UPDATE jobs SET heartbeat_at ... WHERE ... status = $3", true},
		{"UPDATE jobs SET heartbeat_at = now() WHERE id = $1 AND state = 'pending'", "", true},
		{"UPDATE jobs SET heartbeat_at = now() WHERE id = $1", "", true},
		{"UPDATE jobs SET progress = $2 WHERE id = $1 AND state = 'running'", "", true},
		{"UPDATE jobs SET heartbeat_at = now() WHERE id = $1 AND state = 'running'", "", false},
	} {
		fn := other
		if tc.inBeat {
			fn = beat
		}
		st, what := Statement(tc.text, fn, nil)
		if what != tc.want || (st != nil) != (tc.want != "") {
			t.Errorf("Statement(%q) in %s = %v, %q, want %q", tc.text, fn.Name(), st != nil, what, tc.want)
		}
	}
}
