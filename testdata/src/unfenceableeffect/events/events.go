// Package events publishes through Redis pub/sub for its callers; it takes
// no lock itself, so nothing is reported here.
package events

import (
	"context"

	goredis "github.com/redis/go-redis/v9"
)

type Bus struct{ rdb *goredis.Client }

func (b *Bus) Announce(ctx context.Context, topic, id string) error {
	return b.rdb.Publish(ctx, topic, id).Err()
}
