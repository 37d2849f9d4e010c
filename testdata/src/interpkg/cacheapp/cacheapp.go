// Package cacheapp locks through cacherepo and, under its own redislock
// lock, releases that lock, invalidates a cache and drops state.
package cacheapp

import (
	"context"
	"time"

	"github.com/bsm/redislock"
	"github.com/redis/go-redis/v9"

	"interpkg/cacherepo"
)

func redeem(ctx context.Context, locker *redislock.Client, rdb *redis.Client, repo *cacherepo.Repo, code string, user int64) error {
	l, err := locker.Obtain(ctx, "lock:redeem", time.Minute, nil)
	if err != nil {
		return err
	}
	defer l.Release(ctx)
	ok, err := cacherepo.AcquireLock(ctx, rdb, code, time.Minute)
	if err != nil || !ok {
		return err
	}
	defer cacherepo.ReleaseLock(ctx, rdb, code)               // the repository lock's release
	if err := repo.InvalidateBalance(ctx, user); err != nil { // a cache entry dropped
		return err
	}
	return repo.DropBalance(ctx, user) // want `go-redis Del .*in DropBalance, called here.* under the `
}
