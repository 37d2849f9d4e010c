// Package mirrorlock is an application's lock over its own Redis
// interface (RedisBackend mirrors go-redis' SetNX and Del): it imports no
// lock library, yet Locker.Acquire takes a SET NX lock on the key its
// caller passes. NoopLocker stands in for it on a single node.
package mirrorlock

import (
	"context"
	"errors"
	"time"
)

var ErrLockHeld = errors.New("lock held")

type RedisBackend interface {
	SetNX(ctx context.Context, key, value string, ttl time.Duration) (bool, error)
	Del(ctx context.Context, key string) error
	DelIfMatch(ctx context.Context, key, value string) (bool, error)
}

type Locker interface {
	Acquire(ctx context.Context, key string, ttl time.Duration) (Lock, error)
	ForceRelease(ctx context.Context, key string) error
}

type Lock interface {
	Release(ctx context.Context) error
}

type RedisLocker struct{ rdb RedisBackend }

func (l *RedisLocker) Acquire(ctx context.Context, key string, ttl time.Duration) (Lock, error) {
	ok, err := l.rdb.SetNX(ctx, key, "token", ttl)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrLockHeld
	}
	return &redisLock{rdb: l.rdb, key: key, token: "token"}, nil
}

// ForceRelease deletes the key whoever holds it: for a holder known dead.
func (l *RedisLocker) ForceRelease(ctx context.Context, key string) error {
	return l.rdb.Del(ctx, key)
}

type redisLock struct {
	rdb        RedisBackend
	key, token string
}

func (l *redisLock) Release(ctx context.Context) error {
	_, err := l.rdb.DelIfMatch(ctx, l.key, l.token)
	return err
}

type NoopLocker struct{}

func (NoopLocker) Acquire(context.Context, string, time.Duration) (Lock, error) {
	return noopLock{}, nil
}

func (NoopLocker) ForceRelease(context.Context, string) error { return nil }

type noopLock struct{}

func (noopLock) Release(context.Context) error { return nil }
