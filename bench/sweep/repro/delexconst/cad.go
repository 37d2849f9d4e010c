// Package delexconst: a Redis compare-and-delete (DELEX IFEQ) with a
// constant value was reported as an unsafe lock release (FC5001) when the
// key is named like a lock, even though the key was written with a plain SET
// (no NX, no expiry): no lock was ever taken on it. This is go-redis' own
// test of the DELEX command (commands_test.go:2092 and :2112). Fixed in
// commit c685315: a key the same function overwrites with a plain SET is no
// lock.
package delexconst

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// CompareAndDelete: no longer reported.
func CompareAndDelete(ctx context.Context, rdb *redis.Client) error {
	if err := rdb.Set(ctx, "lock", "token-123", 0).Err(); err != nil {
		return err
	}
	return rdb.DelExArgs(ctx, "lock", redis.DelExArgs{ // was FP: FC5001
		Mode:       "IFEQ",
		MatchValue: "token-123",
	}).Err()
}

// TempKey: the same on a key not named like a lock is no longer reported
// (fixed in commit 82d49d1).
func TempKey(ctx context.Context, rdb *redis.Client) error {
	if err := rdb.Set(ctx, "temp-key", "temp-value", 0).Err(); err != nil {
		return err
	}
	return rdb.DelExArgs(ctx, "temp-key", redis.DelExArgs{
		Mode:       "IFEQ",
		MatchValue: "temp-value",
	}).Err()
}
