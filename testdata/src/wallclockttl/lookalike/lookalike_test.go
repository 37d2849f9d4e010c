package lookalike

import (
	"context"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// expiredLock is a test helper asserting on the lock record a test wrote:
// a timestamp assertion, not a lease decision.
func expiredLock(ctx context.Context, t *testing.T, rdb *redis.Client) bool {
	exp, err := rdb.Get(ctx, "lock:report:expires").Int64()
	if err != nil {
		t.Fatal(err)
	}
	return time.Now().Unix() > exp
}

func TestLockExpiry(t *testing.T) {
	ctx := context.Background()
	rdb := redis.NewClient(&redis.Options{})
	if expiredLock(ctx, t, rdb) {
		t.Fatalf("lock expired early")
	}
}
