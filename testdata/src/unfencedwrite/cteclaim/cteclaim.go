// Package cteclaim: a queue whose statements log every change into an
// events table through a data-modifying CTE (WITH u AS (UPDATE tasks ...
// RETURNING ...) INSERT INTO task_events SELECT ... FROM u). The CTE's
// UPDATE is the statement's write: the claim (queued -> running, stamped
// with the database's clock), the reaper that takes stale claims back, and
// the completions by id alone that a paused runner can still make.
package cteclaim

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	dequeueQuery = `WITH ts AS (SELECT now() AS ts),
next AS (SELECT id FROM tasks WHERE status = 'queued' AND locked_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED),
updated AS (UPDATE tasks t SET status = 'running', locked_at = ts.ts FROM next, ts WHERE t.id = next.id RETURNING t.*),
events AS (INSERT INTO task_events (task_id, status) SELECT id, status FROM updated)
SELECT * FROM updated`

	reapQuery = `WITH reaped AS (UPDATE tasks SET status = 'queued', locked_at = NULL WHERE status = 'running' AND locked_at < now() - interval '10 minutes' RETURNING id, status)
INSERT INTO task_events (task_id, status) SELECT id, status FROM reaped`

	doneQuery = `WITH updated AS (UPDATE tasks SET status = $1 WHERE id = $2 RETURNING id, status)
INSERT INTO task_events (task_id, status) SELECT id, status FROM updated`

	doneOwnedQuery = `WITH updated AS (UPDATE tasks SET status = $1 WHERE id = $2 AND status = 'running' AND locked_at = $3 RETURNING id, status)
INSERT INTO task_events (task_id, status) SELECT id, status FROM updated`

	noteQuery = `WITH touched AS (UPDATE tasks SET status = $1 WHERE id = $2) INSERT INTO notes (body) VALUES ($3)`
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Dequeue(ctx context.Context, n int) error {
	rows, err := s.pool.Query(ctx, dequeueQuery, n)
	if err != nil {
		return err
	}
	rows.Close()
	return nil
}

func (s *Store) Reap(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, reapQuery)
	return err
}

func (s *Store) Succeeded(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, doneQuery, "succeeded", id) // want `UPDATE tasks .*selects the record by its key alone, not by its holder`
	return err
}

// Look-alike: the completion compares the claim's stamp.
func (s *Store) SucceededOwned(ctx context.Context, id int64, lockedAt any) error {
	_, err := s.pool.Exec(ctx, doneOwnedQuery, "succeeded", id, lockedAt)
	return err
}

// Suppressed.
func (s *Store) Failed(ctx context.Context, id int64) error {
	//lint:ignore FC1001 a failed task is retried from scratch; a late mark is harmless
	_, err := s.pool.Exec(ctx, doneQuery, "failed", id)
	return err
}
