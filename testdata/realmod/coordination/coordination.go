// Package coordination writes under locks and to coordination stores:
// etcd's NewLocker, NATS JetStream's key-value store, Consul's CAS and
// gocron v1's distributed locker.
package coordination

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/go-co-op/gocron"
	"github.com/hashicorp/consul/api"
	"github.com/nats-io/nats.go/jetstream"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errLost = errors.New("lost the race")

func NewLocker(ctx context.Context, s *concurrency.Session, db *sql.DB) error {
	l := concurrency.NewLocker(s, "/locks/reports")
	l.Lock()
	defer l.Unlock()
	_, err := db.ExecContext(ctx, `UPDATE reports SET state = 'building'`) // want "FC1001"
	return err
}

func NATS(ctx context.Context, kv jetstream.KeyValue, m *concurrency.Mutex, rev uint64) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if _, err := kv.Put(ctx, "reports.state", []byte("building")); err != nil { // want "FC1001"
		return err
	}
	_, err := kv.Update(ctx, "reports.state", []byte("done"), rev)
	return err
}

func ConsulCAS(ctx context.Context, kv *api.KV, m *concurrency.Mutex, p *api.KVPair) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if _, _, err := kv.CAS(p, nil); err != nil { // want "FC1002"
		return err
	}
	ok, _, err := kv.CAS(p, nil)
	if err == nil && !ok {
		return errLost
	}
	return err
}

func GocronV1(locker gocron.Locker, db *sql.DB) error {
	s := gocron.NewScheduler(time.UTC)
	s.WithDistributedLocker(locker)
	_, err := s.Every(1).Minute().Do(func() {
		db.Exec(`UPDATE sessions SET sweeps = sweeps + 1 WHERE expires_at < now()`) // want "FC1001"
	})
	s.StartAsync()
	return err
}
