// Package lockrefresh is a lock over a key-value table whose Lock keeps
// the lock record fresh from a goroutine: the caller's critical section is
// the work, and Lock's error (nil) is all it hears.
package lockrefresh

import (
	"context"
	"errors"
	"log"
	"time"
)

// lockItem is the lock record kept in the table.
type lockItem struct {
	Key       string
	Owner     string
	ExpiresAt time.Time
}

type Table interface {
	PutIfAbsent(ctx context.Context, item lockItem) error
	UpdateIfOwner(ctx context.Context, item lockItem) error
}

type Storage struct {
	table   Table
	owner   string
	refresh time.Duration
}

// Lock takes the lock and keeps it fresh; on a failed refresh the
// goroutine logs and stops, and the caller's critical section goes on.
func (s *Storage) Lock(ctx context.Context, key string) error {
	if err := s.table.PutIfAbsent(ctx, lockItem{key, s.owner, time.Now().Add(time.Minute)}); err != nil {
		return err
	}
	go s.keepLockFresh(ctx, key)
	return nil
}

func (s *Storage) keepLockFresh(ctx context.Context, key string) {
	ticker := time.NewTicker(s.refresh)
	defer ticker.Stop()
	for {
		select {
		case <-ticker.C:
			if err := s.updateLockExpiration(ctx, key); err != nil { // want `this heartbeat goroutine renews the lease claimed at lockrefresh.go:33 \(Lock\) with s.updateLockExpiration, .* while Lock reports the lease taken to its callers, whose critical section goes on under it`
				log.Printf("lock refresh failed: %v", err)
				return
			}
		case <-ctx.Done():
			return
		}
	}
}

func (s *Storage) updateLockExpiration(ctx context.Context, key string) error {
	return s.table.UpdateIfOwner(ctx, lockItem{key, s.owner, time.Now().Add(time.Minute)})
}

// TryLock reports with a bool; the refresher is the same.
func (s *Storage) TryLock(ctx context.Context, key string) (bool, error) {
	if err := s.table.PutIfAbsent(ctx, lockItem{key, s.owner, time.Now().Add(time.Minute)}); err != nil {
		return false, nil
	}
	go func() {
		for range time.Tick(s.refresh) {
			if err := s.refreshLock(ctx, key); err != nil { // want `this heartbeat goroutine renews the lease claimed at lockrefresh.go:62 \(TryLock\) with s.refreshLock`
				log.Printf("lock refresh failed: %v", err)
			}
		}
	}()
	return true, nil
}

func (s *Storage) refreshLock(ctx context.Context, key string) error {
	return s.table.UpdateIfOwner(ctx, lockItem{key, s.owner, time.Now().Add(time.Minute)})
}

// Look-alike: Lock hands the caller a context that the refresher cancels
// when the refresh fails.
func (s *Storage) LockContext(ctx context.Context, key string) (context.Context, error) {
	if err := s.table.PutIfAbsent(ctx, lockItem{key, s.owner, time.Now().Add(time.Minute)}); err != nil {
		return nil, err
	}
	lockCtx, cancel := context.WithCancel(ctx)
	go func() {
		for range time.Tick(s.refresh) {
			if err := s.refreshLock(ctx, key); err != nil {
				log.Printf("lock lost: %v", err)
				cancel()
				return
			}
		}
	}()
	return lockCtx, nil
}

// Look-alike: a function not named as a claim (it starts a cache
// refresher after loading).
func (s *Storage) Start(ctx context.Context, key string) error {
	if err := s.table.PutIfAbsent(ctx, lockItem{key, s.owner, time.Now()}); err != nil {
		return err
	}
	go s.keepLockFresh(ctx, key)
	return nil
}

// Look-alike: the refresher starts only on the path that reports failure.
func (s *Storage) LockOrWatch(ctx context.Context, key string) error {
	if err := s.table.PutIfAbsent(ctx, lockItem{key, s.owner, time.Now()}); err != nil {
		go s.watchLock(ctx, key)
		return errors.New("held by another owner")
	}
	return nil
}

func (s *Storage) watchLock(ctx context.Context, key string) {
	for range time.Tick(s.refresh) {
		if err := s.refreshLock(ctx, key); err != nil {
			log.Printf("still held: %v", err)
		}
	}
}

// Suppressed.
func (s *Storage) LockQuietly(ctx context.Context, key string) error {
	if err := s.table.PutIfAbsent(ctx, lockItem{key, s.owner, time.Now().Add(time.Minute)}); err != nil {
		return err
	}
	go func() {
		for range time.Tick(s.refresh) {
			//lint:ignore FC5002 the critical section is shorter than one lease period
			if err := s.refreshLock(ctx, key); err != nil {
				log.Printf("lock refresh failed: %v", err)
			}
		}
	}()
	return nil
}
