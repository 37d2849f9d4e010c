// Package setargslock keeps deploy locks and a sweeper lock in Redis with
// go-redis v9's SetArgs{Mode: "NX"} (SET key value NX PX ttl), the form
// Redis documents instead of SETNX, and a webhook de-duplication marker
// taken the same way.
package setargslock

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type Store struct {
	rdb *redis.Client
	db  *sql.DB
}

func deployLockKey(env, app string) string { return "deploy:lock:" + env + "/" + app }

// AcquireLock claims the per-app deploy lock for holder.
func (s *Store) AcquireLock(ctx context.Context, env, app, holder string, ttl time.Duration) (bool, error) {
	err := s.rdb.SetArgs(ctx, deployLockKey(env, app), holder, redis.SetArgs{Mode: "NX", TTL: ttl}).Err()
	if err == redis.Nil {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("acquire lock %s/%s: %w", env, app, err)
	}
	return true, nil
}

// ReleaseLock deletes the lock whoever holds it by now.
func (s *Store) ReleaseLock(ctx context.Context, env, app string) error {
	return s.rdb.Del(ctx, deployLockKey(env, app)).Err() // want "FC5001"
}

// TryLock acquires a named system lock.
func (s *Store) TryLock(ctx context.Context, name string, ttl time.Duration) (bool, error) {
	err := s.rdb.SetArgs(ctx, "deploy:syslock:"+name, "1", redis.SetArgs{Mode: "NX", TTL: ttl}).Err()
	if err == redis.Nil {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("trylock %s: %w", name, err)
	}
	return true, nil
}

// Sweep expires deploys older than a cutoff the holder computed, under the
// sweeper lock, which lapses after six minutes whether or not the sweep is
// done: a paused sweeper's clock decides what it expires.
func (s *Store) Sweep(ctx context.Context) error {
	ok, err := s.TryLock(ctx, "sweeper", 6*time.Minute)
	if err != nil || !ok {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE deploys SET state = 'expired' WHERE state = 'pending' AND created_at < $1`, time.Now().Add(-2*time.Hour)) // want "FC1001"
	return err
}

// Reap moves stale deploys on by the database's clock alone: a stale
// sweeper moves the rows the current one would (a converging sweep).
func (s *Store) Reap(ctx context.Context) error {
	ok, err := s.TryLock(ctx, "reaper", 6*time.Minute)
	if err != nil || !ok {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE deploys SET state = 'expired' WHERE state = 'pending' AND created_at < now() - interval '2 hours'`)
	return err
}

// Accept records a webhook delivery once: a de-duplication marker, no lock.
func (s *Store) Accept(ctx context.Context, app, sha string) (bool, error) {
	err := s.rdb.SetArgs(ctx, "argocd:seen:"+app+":"+sha, "1", redis.SetArgs{Mode: "NX", TTL: 24 * time.Hour}).Err()
	if err == redis.Nil {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, nil
}

// Enqueue adds the event once per delivery.
func (s *Store) Enqueue(ctx context.Context, app, sha string) error {
	ok, err := s.Accept(ctx, app, sha)
	if err != nil || !ok {
		return err
	}
	return s.rdb.XAdd(ctx, &redis.XAddArgs{Stream: "argocd", Values: map[string]any{"app": app, "sha": sha}}).Err()
}
