// Package redismirror takes SET NX locks through the application's own
// interface over its Redis client (a RedisBackend whose methods mirror
// go-redis': SetNX(ctx, key, value, ttl) (bool, error), Del(ctx, keys...)),
// implemented in another package the caller does not import.
package redismirror

import (
	"context"
	"database/sql"
	"time"
)

// Backend mirrors the client's API.
type Backend interface {
	SetNX(ctx context.Context, key string, value interface{}, ttl time.Duration) (bool, error)
	Del(ctx context.Context, keys ...string) error
}

// Cache has a SetNX without a context: not the client's shape.
type Cache interface {
	SetNX(key string, value interface{}, ttl time.Duration) (bool, error)
}

type svc struct {
	rdb   Backend
	cache Cache
	db    *sql.DB
}

func (s *svc) cleanup(ctx context.Context, repo string) error {
	ok, err := s.rdb.SetNX(ctx, "cleanup-lock:"+repo, "1", time.Minute)
	if err != nil || !ok {
		return err
	}
	defer s.rdb.Del(ctx, "cleanup-lock:"+repo)
	_, err = s.db.ExecContext(ctx, `DELETE FROM blobs WHERE repo = $1`, repo) // want `DELETE blobs .* under the Redis SET NX lock`
	return err
}

// A key taken and released through the field, whatever its text.
func (s *svc) compact(ctx context.Context, key string) error {
	ok, err := s.rdb.SetNX(ctx, key, "1", time.Minute)
	if err != nil || !ok {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE stats SET compacted = true WHERE k = $1`, key) // want `UPDATE stats .* under the Redis SET NX lock`
	s.rdb.Del(ctx, key)
	return err
}

// De-duplication through the mirror: the key is neither lock-like nor
// released, so it is no lock.
func (s *svc) ingest(ctx context.Context, id string) error {
	fresh, err := s.rdb.SetNX(ctx, "seen:"+id, "1", time.Hour)
	if err != nil || !fresh {
		return err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO events(id) VALUES ($1)`, id)
	return err
}

// No context first: not the mirror's shape, no lock.
func (s *svc) warm(ctx context.Context, repo string) error {
	ok, err := s.cache.SetNX("warm-lock:"+repo, "1", time.Minute)
	if err != nil || !ok {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE repos SET warm = true WHERE id = $1`, repo)
	return err
}

func (s *svc) suppressed(ctx context.Context, repo string) error {
	ok, err := s.rdb.SetNX(ctx, "gc-lock:"+repo, "1", time.Minute)
	if err != nil || !ok {
		return err
	}
	defer s.rdb.Del(ctx, "gc-lock:"+repo)
	_, err = s.db.ExecContext(ctx, `DELETE FROM blobs WHERE repo = $1 AND orphan`, repo) //nolint:fencecheck // idempotent: deleting orphans twice is harmless
	return err
}
