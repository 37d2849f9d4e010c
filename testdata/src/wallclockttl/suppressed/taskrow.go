package suppressed

import (
	"context"
	"database/sql"
	"time"
)

type taskRow struct {
	ID         string
	LeaseUntil *time.Time
}

type rowScanner interface{ Scan(dest ...any) error }

func scanTaskRow(s rowScanner) (*taskRow, error) {
	var task taskRow
	var leaseUntil sql.NullTime
	dest := make([]any, 0, 2)
	dest = append(dest, &task.ID, &leaseUntil)
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	if leaseUntil.Valid {
		t := leaseUntil.Time
		task.LeaseUntil = &t
	}
	return &task, nil
}

// requeueTask judges the worker's lease by this host's clock; the workers
// and the dispatcher run on one host.
func requeueTask(ctx context.Context, db *sql.DB, id string) error {
	now := time.Now()
	task, err := scanTaskRow(db.QueryRowContext(ctx, `SELECT id, lease_until FROM tasks WHERE id = $1 FOR UPDATE`, id))
	if err != nil {
		return err
	}
	//lint:ignore FC4001 the workers and the dispatcher run on one host: one clock
	if task.LeaseUntil != nil && task.LeaseUntil.After(now) {
		return nil
	}
	_, err = db.ExecContext(ctx, `UPDATE tasks SET lease_until = NULL WHERE id = $1`, id)
	return err
}
