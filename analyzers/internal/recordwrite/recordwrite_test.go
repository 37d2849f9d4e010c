package recordwrite

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
)

// header starts the sources: a package p with database/sql, a context
// and a time in scope.
const header = testutil.SQLHeader

// TestRead reads what one statement compares and assigns.
func TestRead(t *testing.T) {
	src := header + `
func claim(ctx context.Context, db *sql.DB, worker string, cutoff time.Time) {
	db.ExecContext(ctx, "UPDATE jobs SET status = $1, locked_by = $2 WHERE id = $3 AND status = 'pending' OR started_at < $4", running, worker, 7, cutoff)
}
`
	fns := testutil.BuildFuncs(t, src)
	var w *Write
	for _, fn := range fns {
		for ci := range calls.In(fn) {
			if x := Read(ci); x != nil {
				w = x
			}
		}
	}
	if w == nil {
		t.Fatal("no write read")
	}
	if w.Record != "jobs" || w.Delete {
		t.Errorf("record %q delete %v", w.Record, w.Delete)
	}
	want := map[string]string{"status": "running", "locked_by": "?"}
	for _, s := range w.Sets {
		v := "?"
		if s.Known {
			v = s.Const
		}
		if want[s.Field] != v {
			t.Errorf("set %s = %s, want %q", s.Field, v, want[s.Field])
		}
	}
	var timed, pending bool
	for _, c := range w.Cond {
		timed = timed || c.Field == "started_at" && c.Time
		pending = pending || c.Field == "status" && c.Known && c.Const == "pending"
	}
	if !timed || !pending {
		t.Errorf("cond %+v: want started_at timed and status = pending", w.Cond)
	}
}
