package leaseclaim

import (
	"slices"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
)

// header starts the sources: a package p with database/sql, a context
// and a time in scope.
const header = testutil.SQLHeader

// TestFind: which writes by key alone a package's claims lease, and
// which of them release.
func TestFind(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       []string // the statements reported, "R " marking a release
	}{
		{"reaper and completion", `
func claim(ctx context.Context, db *sql.DB, w string) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'running', locked_by = $1 WHERE status = 'pending' AND id = $2", w, 1)
}
func reap(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'pending', locked_by = NULL WHERE status = 'running' AND heartbeat_at < now()")
}
func done(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'done' WHERE id = $1", id)
}
func retry(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'pending' WHERE id = $1", id)
}
func drop(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "DELETE FROM jobs WHERE id = $1", id)
}
func owned(ctx context.Context, db *sql.DB, id int, w string) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'done' WHERE id = $1 AND locked_by = $2", id, w)
}
func beat(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE jobs SET heartbeat_at = now() WHERE id = $1", id)
}`, []string{"R DELETE FROM jobs WHERE id = $1", "R UPDATE jobs SET status = 'pending' WHERE id = $1", "UPDATE jobs SET status = 'done' WHERE id = $1"}},
		{"no takeover: a one-way claim", `
func claim(ctx context.Context, db *sql.DB, w string) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'running', locked_by = $1 WHERE status = 'pending' AND id = $2", w, 1)
}
func done(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'done' WHERE id = $1", id)
}`, nil},
		{"a reset with no time: a retry of failed jobs", `
func claim(ctx context.Context, db *sql.DB, w string) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'running', locked_by = $1 WHERE status = 'pending' AND id = $2", w, 1)
}
func retryFailed(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'pending', locked_by = NULL WHERE status = 'failed'")
}
func done(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'done' WHERE id = $1", id)
}`, nil},
		{"a claim that takes expired ones over, no state", `
func claim(ctx context.Context, db *sql.DB, w string, now time.Time) {
	db.ExecContext(ctx, "UPDATE tasks SET owner = $1, lease_until = $2 WHERE id = $3 AND (owner IS NULL OR lease_until < $2)", w, now, 1)
}
func release(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE tasks SET owner = NULL, lease_until = NULL WHERE id = $1", id)
}
func finish(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE tasks SET owner = NULL, result = 'ok' WHERE id = $1", id)
}
func remove(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "DELETE FROM tasks WHERE id = $1", id)
}`, []string{"R UPDATE tasks SET owner = NULL, lease_until = NULL WHERE id = $1", "R UPDATE tasks SET owner = NULL, result = 'ok' WHERE id = $1"}},
		{"a claim of due jobs only: a due date read is no takeover", `
func claim(ctx context.Context, db *sql.DB, w string) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'running', locked_by = $1 WHERE status = 'pending' AND run_at <= now() AND id = $2", w, 1)
}
func done(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'done' WHERE id = $1", id)
}`, nil},
		{"a claim that takes over expired claims by writing their time anew", `
func claim(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'claimed', attempts = attempts + 1, claimed_until = now() + interval '1 minute' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' OR claimed_until < now() LIMIT 1)")
}
func done(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'done', claimed_until = NULL WHERE id = $1", id)
}
func doneCounted(ctx context.Context, db *sql.DB, id, attempt int) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'done' WHERE id = $1 AND attempts = $2", id, attempt)
}
func requeue(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'queued', claimed_until = NULL WHERE id = $1", id)
}`, []string{"R UPDATE jobs SET status = 'queued', claimed_until = NULL WHERE id = $1", "UPDATE jobs SET status = 'done', claimed_until = NULL WHERE id = $1"}},
		{"a claim of waiting records only, delayed by a time it writes, takes no expired claim over", `
func claim(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, "UPDATE messages SET status = 'processing', visibility_timeout = now() + interval '30 seconds' WHERE id = (SELECT id FROM messages WHERE status = 'pending' AND (visibility_timeout IS NULL OR visibility_timeout < now()) LIMIT 1 FOR UPDATE SKIP LOCKED)")
}
func ack(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "DELETE FROM messages WHERE id = $1", id)
}
func nack(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE messages SET status = 'pending', visibility_timeout = now() + interval '5 seconds' WHERE id = $1", id)
}`, nil},
		{"a CTE claim that takes expired leases over, and a reschedule by id", `
func claim(ctx context.Context, db *sql.DB, w string) {
	db.ExecContext(ctx, "WITH c AS (SELECT id FROM jobs WHERE status = 'queued' OR (status = 'running' AND lease_until < now()) LIMIT 5) UPDATE jobs j SET status = 'running', worker_id = $1, lease_until = now() + interval '1 minute' FROM c WHERE j.id = c.id", w)
}
func reschedule(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE jobs SET status = 'queued', worker_id = NULL, lease_until = NULL WHERE id = $1", id)
}`, []string{"R UPDATE jobs SET status = 'queued', worker_id = NULL, lease_until = NULL WHERE id = $1"}},
		{"a delete of waiting records only is no release of a claimed one", `
func claim(ctx context.Context, db *sql.DB, w string) {
	db.ExecContext(ctx, "UPDATE jobs SET state = 'claimed', claimed_by = $1 WHERE state = 'pending' AND id = $2", w, 1)
}
func reap(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, "UPDATE jobs SET state = 'pending', claimed_by = NULL WHERE state = 'claimed' AND deadline < now()")
}
func cancel(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "DELETE FROM jobs WHERE id = $1 AND state IN ('pending', 'scheduled')", id)
}
func purge(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "DELETE FROM jobs WHERE id = $1", id)
}`, []string{"R DELETE FROM jobs WHERE id = $1"}},
		{"a reaper's move back by id is no claim, whatever reads a due date", `
func claim(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE tasks SET status = 'running', updated_at = now() WHERE id = $1 AND status = 'queued' AND run_after <= now()", id)
}
func reap(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE tasks SET status = 'queued', run_after = now() WHERE id = $1 AND status = 'running'", id)
}
func done(ctx context.Context, db *sql.DB, id int) {
	db.ExecContext(ctx, "UPDATE tasks SET status = 'done' WHERE id = $1", id)
}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, b := range Find(Read(testutil.BuildFuncs(t, header+tc.body))) {
				text := b.Effect.Stmt.Text
				if b.Release {
					text = "R " + text
				}
				got = append(got, text)
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q\nwant %q", got, tc.want)
			}
		})
	}
}
