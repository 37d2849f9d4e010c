// Package cb keeps a circuit breaker per endpoint in Redis.
package cb

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

func RecordFailure(ctx context.Context, rdb *redis.Client, endpointID string) {
	rdb.Set(ctx, fmt.Sprintf("cb:%s:state", endpointID), "open", time.Minute)
}
