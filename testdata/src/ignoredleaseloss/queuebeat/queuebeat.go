// Package queuebeat keeps a work queue's claims as leases on a timestamp
// no word marks as a lease's: DequeueNext claims a row (locked_by,
// locked_at), RecoverStale takes back rows whose locked_at is older than a
// timeout, so moving locked_at forward WHERE locked_by still names this
// worker renews the lease, and its rows affected are the loss signal.
package queuebeat

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) DequeueNext(ctx context.Context, worker string) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `UPDATE collection_queue SET status = 'collecting', locked_by = $1, locked_at = NOW()
		WHERE repo_id = (SELECT repo_id FROM collection_queue WHERE status = 'queued' ORDER BY due_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING repo_id`, worker).Scan(&id)
	return id, err
}

func (s *Store) RecoverStale(ctx context.Context, timeout string) error {
	_, err := s.pool.Exec(ctx, `UPDATE collection_queue SET status = 'queued', locked_by = NULL, locked_at = NULL
		WHERE status = 'collecting' AND locked_at < NOW() - $1::interval`, timeout)
	return err
}

// HeartbeatJob drops the command tag: a renewal that matched no row (the
// row was taken back and claimed by another worker) looks like success.
func (s *Store) HeartbeatJob(ctx context.Context, id int64, worker string) error {
	_, err := s.pool.Exec(ctx, `UPDATE collection_queue SET locked_at = NOW() WHERE repo_id = $1 AND locked_by = $2 AND status = 'collecting'`, id, worker) // want `the rows affected by this lease renewal \(UPDATE collection_queue SET locked_at ... WHERE ... locked_by = \$2\) are discarded`
	return err
}

// HeartbeatChecked returns the loss.
func (s *Store) HeartbeatChecked(ctx context.Context, id int64, worker string) (bool, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE collection_queue SET locked_at = NOW() WHERE repo_id = $1 AND locked_by = $2`, id, worker)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// Touch moves a time no takeover judges (updated_at): no renewal.
func (s *Store) Touch(ctx context.Context, id int64, worker string) error {
	_, err := s.pool.Exec(ctx, `UPDATE collection_queue SET updated_at = NOW() WHERE repo_id = $1 AND locked_by = $2`, id, worker)
	return err
}

// HeartbeatSuppressed is a renewal whose loss the caller learns otherwise.
func (s *Store) HeartbeatSuppressed(ctx context.Context, id int64, worker string) error {
	//lint:ignore FC5002 the worker re-reads the row before it completes
	_, err := s.pool.Exec(ctx, `UPDATE collection_queue SET locked_at = NOW() WHERE repo_id = $1 AND locked_by = $2`, id, worker)
	return err
}
