// Package freshkey: after a lease check, a write keyed by a value this run
// created cannot overwrite a successor's state (FC2001 stays silent); a
// write of a shared record is still check-then-act.
package freshkey

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
)

type elector struct{ leader bool }

func (e *elector) IsLeader() bool { return e.leader }

func sweep(ctx context.Context, el *elector, db *sql.DB) error {
	if !el.IsLeader() {
		return nil
	}
	run := uuid.NewString()
	if _, err := db.ExecContext(ctx, `INSERT INTO sweeps (id, state) VALUES ($1, 'running')`, run); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `UPDATE sweeps SET state = 'done' WHERE id = $1`, run); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE config SET last_sweep = $1 WHERE name = 'sweeper'`, run) // want `UPDATE config .* runs only after IsLeader`
	return err
}

func suppressed(ctx context.Context, el *elector, db *sql.DB) {
	if !el.IsLeader() {
		return
	}
	db.ExecContext(ctx, `UPDATE config SET enabled = true WHERE name = 'sweeper'`) //lint:ignore FC2001 every leader writes the same state
}
