// Package libs exercises FC3001 with the identities lock libraries hand
// out (redsync Value, redislock Token, etcd lease IDs and keys, ZooKeeper
// session IDs, Consul session IDs, host names) used where a fence belongs.
package libs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"time"

	"example.com/ledgerpb"
	"github.com/bsm/redislock"
	"github.com/go-redsync/redsync/v4"
	"github.com/go-zookeeper/zk"
	"github.com/hashicorp/consul/api"
	"github.com/rs/xid"
	"go.etcd.io/etcd/client/v3/concurrency"
	"go.mongodb.org/mongo-driver/v2/bson"
	"google.golang.org/grpc/metadata"
)

var errStale = errors.New("stale")

// redsync's Value() sent as a fencing header.
func redsyncHeader(ctx context.Context, rs *redsync.Redsync, c *http.Client) error {
	m := rs.NewMutex("orders")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://orders.example/1", nil)
	if err != nil {
		return err
	}
	req.Header.Set("X-Fencing-Token", m.Value()) // want `redsync Mutex.Value\(\) \(the lock's random owner value\) is sent in the fence header "X-Fencing-Token" under the redsync lock acquired at libs.go:32: an identity says who holds the lock.*redsync issues no fencing token`
	_, err = c.Do(req)
	return err
}

// redislock's Token() as the fence of an UPDATE.
func redislockSQL(ctx context.Context, c *redislock.Client, db *sql.DB) error {
	lock, err := c.Obtain(ctx, "lock:report", 10*time.Second, nil)
	if err != nil {
		return err
	}
	defer lock.Release(ctx)
	_, err = db.ExecContext(ctx, `UPDATE reports SET state = 'x', fence = $1 WHERE id = 1 AND fence < $1`, lock.Token()) // want `UPDATE reports .* orders redislock Lock.Token\(\) .* against the fence column "fence" .*redislock issues no fencing token`
	return err
}

// The etcd lease ID compared like a fence, and the lock key as a fence field.
func etcdIdentities(ctx context.Context, s *concurrency.Session, m *concurrency.Mutex, last int64, lc ledgerpb.LedgerClient) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	lease := int64(s.Lease())
	if lease < last { // want "the etcd lease ID \\(Session.Lease\\(\\)\\) is ordered like a fencing token in `lease < last` under the etcd lock .*it is a number, but it does not grow with each grant of the lock.*m.Header\\(\\).Revision is available"
		return errStale
	}
	_, err := lc.Debit(ctx, &ledgerpb.DebitRequest{Account: "a", FencingToken: int64(s.Lease())}) // want `the etcd lease ID \(Session.Lease\(\)\) is stored in the fence field DebitRequest.FencingToken`
	return err
}

type lockInfo struct {
	Key   string
	Epoch string
}

func etcdKey(ctx context.Context, m *concurrency.Mutex) lockInfo {
	if err := m.Lock(ctx); err != nil {
		return lockInfo{}
	}
	return lockInfo{Key: m.Key(), Epoch: m.Key()} // want `the etcd lock key \(Mutex.Key\(\), the prefix plus the lease ID\) is stored in the fence field lockInfo.Epoch`
}

// Election.Header().Revision is numeric but not monotonic across terms.
func electionHeader(ctx context.Context, db *sql.DB, e *concurrency.Election) error {
	if err := e.Campaign(ctx, "me"); err != nil {
		return err
	}
	rev := e.Header().Revision
	_, err := db.ExecContext(ctx, `UPDATE leader SET name = $1, term = $2 WHERE term < $2`, "me", rev) // want `UPDATE leader .* orders etcd Election.Header\(\).Revision .* against the fence column "term" .*e.Rev\(\) is available`
	return err
}

// The ZooKeeper session ID ordered against a stored epoch.
func zkSession(conn *zk.Conn, stored struct{ Epoch int64 }) error {
	l := zk.NewLock(conn, "/locks/jobs", zk.WorldACL(zk.PermAll))
	if err := l.Lock(); err != nil {
		return err
	}
	defer l.Unlock()
	if conn.SessionID() <= stored.Epoch { // want `the ZooKeeper session ID \(Conn.SessionID\(\)\) is ordered like a fencing token .*Stat.Czxid`
		return errStale
	}
	return nil
}

// A Consul session ID and the host name in gRPC metadata and bson.
func consulSession(ctx context.Context, c *api.Client, lc ledgerpb.LedgerClient) error {
	sid, _, err := c.Session().Create(&api.SessionEntry{Name: "worker"}, nil)
	if err != nil {
		return err
	}
	ok, _, err := c.KV().Acquire(&api.KVPair{Key: "service/leader", Session: sid}, nil)
	if err != nil || !ok {
		return err
	}
	mctx := metadata.AppendToOutgoingContext(ctx, "x-fencing-token", sid) // want `a Consul session ID is sent in the gRPC metadata key "x-fencing-token" under the Consul session lock .*KVPair.LockIndex`
	_, err = lc.Transfer(mctx, &ledgerpb.TransferRequest{FromAccount: "a", ToAccount: "b"})
	return err
}

func hostnameDoc(ctx context.Context, m *concurrency.Mutex) (bson.M, bson.D) {
	if err := m.Lock(ctx); err != nil {
		return nil, nil
	}
	defer m.Unlock(ctx)
	host, _ := os.Hostname()
	id := xid.New()
	return bson.M{"_id": id.String(), "fence": host}, // want `the host name \(os.Hostname\(\)\) is stored under the fence key "fence"`
		bson.D{{Key: "owner", Value: host}, {Key: "epoch", Value: fmt.Sprintf("%s-%d", id.String(), 1)}} // want `an xid \(a unique id\) is stored under the fence key "epoch"`
}

// An identity used where it belongs: the compare-and-delete release of a
// Redis lock and an owner check in the lease table. Silent.
func ownerChecks(ctx context.Context, rs *redsync.Redsync, db *sql.DB, lock *redislock.Lock) error {
	m := rs.NewMutex("orders")
	if err := m.Lock(); err != nil {
		return err
	}
	defer m.Unlock()
	_, err := db.ExecContext(ctx, `UPDATE leases SET expires_at = now() + interval '10 seconds' WHERE name = $1 AND token = $2`, "orders", m.Value())
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `DELETE FROM locks WHERE name = $1 AND owner = $2`, "orders", lock.Token())
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://orders.example/1", nil)
	req.Header.Set("X-Lock-Owner", m.Value())
	req.Header.Set("Idempotency-Key", m.Value()+"-1")
	_ = strconv.Itoa(len(m.Value()))
	return err
}
