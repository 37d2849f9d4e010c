// Package converge: effects that converge when a stale holder repeats
// them (issue 26, mechanism 8). A key set to a constant that the package
// writes nowhere else, and an object named by the digest of the bytes it
// holds, leave what the current holder's run leaves: silent. A key set to
// a value that varies, a constant marker the package also deletes, and a
// key named by a digest of something other than what is written are still
// unfenced.
package converge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"time"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
)

func processedKey(id string) string { return fmt.Sprintf("processed:%s", id) }
func retryKey(id string) string     { return fmt.Sprintf("retry:%s", id) }
func doneKey(id string) string      { return fmt.Sprintf("done:%s", id) }

func work(ctx context.Context) error { return nil }

// A processed marker: the key is set to 1 and never to anything else.
// Still reported: the constant-marker rule (Convergence.constantAssign) is
// not enabled, as a constant given to a key an application function
// builds may be a state as well as a flag (a known gap, FC1001.md).
func markProcessed(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, id string) error {
	m := rs.NewMutex("event:" + id)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	if err := work(ctx); err != nil {
		return err
	}
	return rdb.Set(ctx, processedKey(id), 1, 24*time.Hour).Err() // want `go-redis Set \(go-redis Set\) under the redsync lock`
}

// A value that varies: the stale holder overwrites the successor's.
func recordAttempt(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, id string, n int) error {
	m := rs.NewMutex("event:" + id)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	return rdb.Set(ctx, retryKey(id), n, 0).Err() // want `go-redis Set \(go-redis Set\) under the redsync lock`
}

// A constant marker the package also deletes (a reset): a stale holder
// can re-create what a successor removed.
func markDone(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, id string) error {
	m := rs.NewMutex("event:" + id)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	return rdb.Set(ctx, doneKey(id), 1, 0).Err() // want `go-redis Set \(go-redis Set\) under the redsync lock`
}

func resetDone(rdb *redis.Client, ctx context.Context, id string) {
	rdb.Del(ctx, doneKey(id))
}

// A blob named by the digest of its bytes: written twice, the same bytes.
func storeBlob(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, data []byte) error {
	m := rs.NewMutex("blobs")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	sum := sha256.Sum256(data)
	return rdb.Set(ctx, "blob:"+hex.EncodeToString(sum[:]), data, 0).Err()
}

// A chunk store's API: the content handed in with its digest, the key a
// path built from the digest by a helper of the package.
func chunkPath(hash string) (string, error) {
	if len(hash) < 3 {
		return "", fmt.Errorf("short hash %q", hash)
	}
	return path.Join("chunk", hash[:2], hash), nil
}

func putChunk(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, hash string, data []byte) error {
	key, err := chunkPath(hash)
	if err != nil {
		return err
	}
	m := rs.NewMutex("chunk:" + hash)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	return rdb.Set(ctx, key, data, 0).Err()
}

// A profile keyed by a digest of the user's id, not of what is written:
// a successor writes other bytes under the same key.
func storeProfile(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, userID string, profile []byte) error {
	m := rs.NewMutex("user:" + userID)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	sum := sha256.Sum256([]byte(userID))
	return rdb.Set(ctx, "profile:"+hex.EncodeToString(sum[:]), profile, 0).Err() // want `go-redis Set \(go-redis Set\) under the redsync lock`
}

// A digest-named key given without the content: nothing says the value
// written is what the digest addresses.
func putIndex(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, hash string, size int) error {
	m := rs.NewMutex("chunk:" + hash)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	return rdb.Set(ctx, "size:"+hash, size, 0).Err() // want `go-redis Set \(go-redis Set\) under the redsync lock`
}

// Suppressed: the attempt counter, reported without the directive.
func recordAttemptSuppressed(ctx context.Context, rs *redsync.Redsync, rdb *redis.Client, id string, n int) error {
	m := rs.NewMutex("event:" + id)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	//lint:ignore FC1001 the counter is advisory
	return rdb.Set(ctx, retryKey(id), n, 0).Err()
}
