// Package electorkey is a leader elector over a Redis SET NX key: the
// acquisition and the release are two methods of the elector, the key a
// field of its configuration.
package electorkey

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

type Config struct {
	Key       string
	HeartBeat time.Duration
}

type elector struct {
	id       string
	config   *Config
	client   *redis.Client
	isLeader atomic.Bool
}

func (e *elector) trySet(ctx context.Context) error {
	return e.client.SetNX(ctx, e.config.Key, e.id, e.config.HeartBeat).Err()
}

func (e *elector) StartLeading(ctx context.Context) error {
	if err := e.trySet(ctx); err != nil {
		return err
	}
	e.isLeader.Store(true)
	return nil
}

// Release deletes the leader key whoever holds it now: the local flag is
// no proof that the key is still this elector's.
func (e *elector) Release(ctx context.Context) error {
	if e.IsLeader() {
		if err := e.client.Del(ctx, e.config.Key).Err(); err != nil { // want `Del releases the Redis SET NX lock acquired at electorkey.go:\d+ without checking`
			return err
		}
	}
	e.isLeader.Store(false)
	return nil
}

// Resign is the same release, suppressed: a shutdown path that accepts
// deleting a successor's key.
func (e *elector) Resign(ctx context.Context) error {
	if e.IsLeader() {
		//lint:ignore FC5001 shutdown only: a successor re-acquires within one heartbeat
		if err := e.client.Del(ctx, e.config.Key).Err(); err != nil {
			return err
		}
	}
	e.isLeader.Store(false)
	return nil
}

func (e *elector) IsLeader() bool { return e.isLeader.Load() }
