// Package noacquire exercises FC2001 where no acquisition is in view: the
// lease is taken elsewhere (an elector, a job queue) and the code only
// asks whether it still holds it before writing.
package noacquire

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
)

type elector struct{ leader bool }

func (e *elector) IsLeader() bool                          { return e.leader }
func (e *elector) AmILeader(context.Context) (bool, error) { return e.leader, nil }
func (e *elector) IsLocked() bool                          { return e.leader }

type token struct{ exp int64 }

func (t *token) IsValid() bool { return t.exp > 0 }

type job struct{ held bool }

func (j *job) IsActivelyHeld() bool { return j.held }

type worker struct {
	el  *elector
	db  *sql.DB
	tok *token
}

func (w *worker) reconcile(ctx context.Context) error {
	if !w.el.IsLeader() {
		return nil
	}
	_, err := w.db.ExecContext(ctx, `UPDATE nodes SET state = 'ready' WHERE id = 1`) // want `UPDATE nodes .* runs only after IsLeader at noacquire.go:\d+ said this process holds the lease`
	return err
}

// The write is in a function the guarded code calls.
func (w *worker) publish(ctx context.Context) error {
	ok, err := w.el.AmILeader(ctx)
	if err != nil || !ok {
		return err
	}
	return w.notify(ctx) // want `POST request .* runs only after AmILeader`
}

func (w *worker) notify(ctx context.Context) error {
	_, err := http.Post("http://hooks/elected", "text/plain", strings.NewReader("x"))
	return err
}

func (w *worker) run(ctx context.Context, j *job) {
	if j.IsActivelyHeld() {
		w.db.ExecContext(ctx, `DELETE FROM queue WHERE id = 1`) // want `DELETE queue .* runs only after IsActivelyHeld`
	}
}

// Look-alikes: a token cache's validity, an in-process lock, the branch
// where the lease is not held, a check that decides nothing.
func (w *worker) quiet(ctx context.Context, j *job) {
	if w.tok.IsValid() {
		w.db.ExecContext(ctx, `UPDATE cache SET hit = hit + 1`)
	}
	if w.el.IsLocked() {
		w.db.ExecContext(ctx, `UPDATE stats SET n = n + 1`)
	}
	if !w.el.IsLeader() {
		w.db.ExecContext(ctx, `INSERT INTO followers(id) VALUES (1)`)
	}
	leader := w.el.IsLeader()
	println(leader)
	w.db.ExecContext(ctx, `UPDATE heartbeats SET at = now()`)
}

func (w *worker) suppressed(ctx context.Context) {
	if !w.el.IsLeader() {
		return
	}
	w.db.ExecContext(ctx, `UPDATE nodes SET state = 'idle'`) //nolint:checkthenact // idempotent: every leader writes the same state
}
