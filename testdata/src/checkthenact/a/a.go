// Package a exercises FC2001: lease checks before unfenced writes.
package a

import (
	"context"
	"database/sql"
	"time"

	"github.com/bsm/redislock"
	"github.com/go-co-op/gocron/v2"
	"github.com/go-redsync/redsync/v4"
	"github.com/hashicorp/consul/api"
	"go.etcd.io/etcd/client/v3/concurrency"
	"k8s.io/client-go/tools/leaderelection"
)

func ttlCheck(ctx context.Context, c *redislock.Client, db *sql.DB) error {
	lock, err := c.Obtain(ctx, "lock:jobs", time.Minute, nil)
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	if ttl, err := lock.TTL(ctx); err != nil || ttl <= 0 {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE jobs SET state = 'run' WHERE id = 1`) // want `UPDATE jobs .* is guarded by a lease check \(TTL at a.go:23\) that does not close the race`
	return err
}

func untilCheck(ctx context.Context, m *redsync.Mutex, db *sql.DB) {
	if err := m.LockContext(ctx); err != nil {
		return
	}
	defer m.UnlockContext(ctx)
	if time.Now().Before(m.Until()) {
		db.ExecContext(ctx, `DELETE FROM queue WHERE id = 1`) // want `DELETE queue .*lease check \(Until`
	}
}

func extendCheck(ctx context.Context, m *redsync.Mutex, db *sql.DB) {
	if err := m.Lock(); err != nil {
		return
	}
	defer m.Unlock()
	ok, err := m.ExtendContext(ctx)
	if err != nil || !ok {
		return
	}
	db.ExecContext(ctx, `INSERT INTO runs(at) VALUES (now())`) // want `INSERT runs .*lease check \(ExtendContext`
}

func doneCheck(ctx context.Context, s *concurrency.Session, m *concurrency.Mutex, db *sql.DB) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	select {
	case <-s.Done():
		return
	default:
	}
	db.ExecContext(ctx, `UPDATE t SET v = 1 WHERE id = 1`) // want `UPDATE t .*lease check \(Done`
	tok := m.Header().Revision
	select {
	case <-s.Done():
		return
	default:
	}
	db.ExecContext(ctx, `UPDATE t SET v = 1 WHERE id = 1 AND fence <= $1`, tok) // checked and fenced: fine
}

type ctrl struct {
	le *leaderelection.LeaderElector
	db *sql.DB
}

func (c *ctrl) tick(ctx context.Context) {
	if !c.le.IsLeader() {
		return
	}
	c.db.ExecContext(ctx, `UPDATE t SET v = 2`) // want `UPDATE t .* runs only after IsLeader at a.go:\d+ said this process holds the lease`
}

// A check that does not guard the write: the write runs either way.
func logOnly(ctx context.Context, c *redislock.Client, db *sql.DB) {
	lock, err := c.Obtain(ctx, "lock:jobs", time.Minute, nil)
	if err != nil {
		return
	}
	defer lock.Release(ctx)
	if ttl, _ := lock.TTL(ctx); ttl < time.Second {
		println("lease almost expired")
	}
	//lint:ignore FC1001 jobs are rebuilt from the log
	db.ExecContext(ctx, `UPDATE jobs SET state = 'run' WHERE id = 1`)
}

func suppressed(ctx context.Context, m *redsync.Mutex, db *sql.DB) {
	if err := m.Lock(); err != nil {
		return
	}
	defer m.Unlock()
	if ok, _ := m.Valid(); ok {
		db.ExecContext(ctx, `DELETE FROM queue WHERE id = 1`) //nolint:checkthenact // queue rows are idempotent
	}
}

// The lock record read back and its owner compared: still check-then-act.
func ownerCheck(ctx context.Context, c *api.Client, db *sql.DB, session string) {
	l, err := c.LockKey("jobs/leader")
	if err != nil {
		return
	}
	if _, err := l.Lock(nil); err != nil {
		return
	}
	defer l.Unlock()
	pair, _, err := c.KV().Get("jobs/leader", nil)
	if err != nil || pair == nil || pair.Session != session {
		return
	}
	db.ExecContext(ctx, `UPDATE jobs SET state = 'run'`) // want `UPDATE jobs .*lease check \(Get`
}

// client-go: IsLeader inside the leading callback.
func leaderCheck(ctx context.Context, db *sql.DB, le *leaderelection.LeaderElector, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) {
			if le.IsLeader() {
				db.ExecContext(ctx, `UPDATE t SET v = 3`) // want `UPDATE t .*lease check \(IsLeader`
			}
		},
	}
}

// etcd: the election's leader read back and compared with ourselves.
func electionLeader(ctx context.Context, e *concurrency.Election, db *sql.DB, me string) {
	if err := e.Campaign(ctx, me); err != nil {
		return
	}
	resp, err := e.Leader(ctx)
	if err != nil || string(resp.Kvs[0].Value) != me {
		return
	}
	db.ExecContext(ctx, `UPDATE t SET v = 4`) // want `UPDATE t .*lease check \(Leader`
}

// etcd: ctx.Err() of the session's context.
func sessionCtx(ctx context.Context, s *concurrency.Session, m *concurrency.Mutex, db *sql.DB) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	if s.Ctx().Err() != nil {
		return
	}
	db.ExecContext(ctx, `UPDATE t SET v = 5`) // want `UPDATE t .*lease check \(Ctx`
}

// gocron: the elector asked before the write.
func electorCheck(ctx context.Context, el gocron.Elector, db *sql.DB, locker gocron.Locker) {
	s, _ := gocron.NewScheduler(gocron.WithDistributedLocker(locker))
	s.NewJob(gocron.DurationJob(time.Minute), gocron.NewTask(func(ctx context.Context) {
		if el.IsLeader(ctx) != nil {
			return
		}
		db.ExecContext(ctx, `UPDATE t SET v = 6`) // want `UPDATE t .*lease check \(IsLeader`
	}))
}
