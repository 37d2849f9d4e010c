// Package testfixture: a store whose lease column only a test fills with
// this host's clock (a fixture backdating a claim to exercise the reaper);
// the program itself stamps it with the database's clock.
package testfixture

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Task struct {
	Name     string
	LockedAt *time.Time
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) insert(ctx context.Context, t Task) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO tasks (name, status, locked_at) VALUES ($1, 'running', $2)`, t.Name, t.LockedAt)
	return err
}

func (s *Store) Claim(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = 'running', locked_at = now() WHERE id = (SELECT id FROM tasks WHERE status = 'queued' LIMIT 1 FOR UPDATE SKIP LOCKED)`)
	return err
}

func (s *Store) Reap(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = 'queued', locked_at = NULL WHERE status = 'running' AND locked_at < now() - interval '10 minutes'`)
	return err
}

// Touch stores this host's clock in the lease column: reported.
func (s *Store) Touch(ctx context.Context, name string) error {
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET locked_at = $1 WHERE name = $2`, time.Now().Add(time.Minute), name) // want `stores .* computed from this host's clock`
	return err
}
