// Package mirroruser takes mirrorlock's lock through its Locker
// interface: the writes after it are under a SET NX lock; the lock handed
// to a goroutine is held there, not by Start's callers; a handle released
// by its own Release ends the section.
package mirroruser

import (
	"context"
	"database/sql"
	"time"

	"interpkg/mirrorlock"
)

type Service struct {
	locker mirrorlock.Locker
	db     *sql.DB
}

func lockKey(repo string) string { return "app:lock:migrate:" + repo }

func (s *Service) Compact(ctx context.Context, repo string) error {
	lock, err := s.locker.Acquire(ctx, lockKey(repo), time.Hour)
	if err != nil {
		return err
	}
	defer func() { _ = lock.Release(ctx) }()
	_, err = s.db.ExecContext(ctx, `UPDATE blobs SET compacted = true WHERE repo = $1`, repo) // want `UPDATE blobs .* under the Redis SET NX lock`
	return err
}

func (s *Service) Start(ctx context.Context, repo string) error {
	lock, err := s.locker.Acquire(ctx, lockKey(repo), time.Hour)
	if err != nil {
		return err
	}
	go s.run(lock, repo) // want `UPDATE assets .* \(reached through this call\) under the Redis SET NX lock`
	return nil
}

func (s *Service) run(lock mirrorlock.Lock, repo string) {
	defer lock.Release(context.Background())
	s.db.Exec(`UPDATE assets SET store = 'b' WHERE repo = $1`, repo)
}

// Silent: Start hands its lock to a goroutine, so its caller does not
// hold it; Compact releases its own; a key that is no lock's is
// de-duplication.
func (s *Service) handler(ctx context.Context, repo string) error {
	if err := s.Start(ctx, repo); err != nil {
		return err
	}
	if err := s.Compact(ctx, repo); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO audit (repo) VALUES ($1)`, repo)
	return err
}

func (s *Service) ingest(ctx context.Context, id string) error {
	if _, err := s.locker.Acquire(ctx, "seen:"+id, time.Hour); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, id)
	return err
}
