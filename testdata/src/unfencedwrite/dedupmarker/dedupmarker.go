// Package dedupmarker: inside a run lock, a SET NX marker per item is kept
// once the item was published (that is what makes a second run skip it)
// and deleted when the publish failed or was refused, so that the next
// run retries it. Those deletes take back this run's own marker, set
// moments before: no successor can hold the key while it is set, so they
// overwrite nothing a successor wrote. The run lock is still a lock: its
// other writes are judged.
package dedupmarker

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

func distribute(ctx context.Context, rdb *redis.Client, ids []string, publish func(string) error, acks chan bool) {
	if ok, err := rdb.SetNX(ctx, "billing_run_lock:2026-12", "running", 23*time.Hour).Result(); err != nil || !ok {
		return
	}
	for _, id := range ids {
		key := "queued:" + id
		isNew, err := rdb.SetNX(ctx, key, "true", 31*24*time.Hour).Result()
		if err != nil || !isNew {
			continue
		}
		if err := publish(id); err != nil {
			rdb.Del(ctx, key)
			continue
		}
		if ack := <-acks; !ack {
			rdb.Del(ctx, key)
			continue
		}
		rdb.Set(ctx, "billed:"+id, time.Now().Unix(), 0) // want `go-redis Set .* under the Redis SET NX lock acquired at dedupmarker.go:\d+`
		//lint:ignore FC1001 the report row is rebuilt by every run
		rdb.Set(ctx, "report:"+id, "queued", 0)
	}
}
