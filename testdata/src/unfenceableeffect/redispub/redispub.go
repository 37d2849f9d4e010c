// Package redispub publishes Redis pub/sub messages and stream entries
// under a lock: a message to subscribers or stream readers cannot carry a
// fencing token (FC1003), as a NATS or Kafka message cannot.
package redispub

import (
	"context"

	"github.com/gomodule/redigo/redis"
	goredis "github.com/redis/go-redis/v9"
	"go.etcd.io/etcd/client/v3/concurrency"
)

func announce(ctx context.Context, m *concurrency.Mutex, rdb *goredis.Client, conn redis.Conn, id string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	rdb.Publish(ctx, "jobs.started", id)                                               // want `message published with Redis Publish .* cannot carry a fencing token`
	conn.Do("PUBLISH", "jobs.started", id)                                             // want `message published with Redis PUBLISH \(redigo Conn.Do\) .* cannot carry a fencing token`
	rdb.Publish(ctx, "jobs.audit", id)                                                 //nolint:unfenceableeffect // subscribers de-duplicate by job id
	rdb.XAdd(ctx, &goredis.XAddArgs{Stream: "jobs", Values: map[string]any{"id": id}}) // want `message published with Redis XAdd .* cannot carry a fencing token`
	conn.Do("XADD", "jobs", "*", "id", id)                                             // want `message published with Redis XADD \(redigo Conn.Do\) .* cannot carry a fencing token`
	return rdb.Set(ctx, "job:"+id, "started", 0).Err()                                 // FC1001, not this check
}
