//lint:file-ignore fencecheck stub parity calls every API once; it is not an example of correct locking

// Package stubparity calls every function, method and field that the
// GOPATH stubs in ../../src declare for the lock libraries and write sinks.
//
// The same file is type-checked twice: against the real modules (as part of
// this module) and against the stubs (in GOPATH mode, GO111MODULE=off, with
// ../../src as the GOPATH source tree). A call site that compiles in both
// places proves the stub signature matches the real one. check.sh runs both
// passes plus apidiff, which compares every exported stub declaration with
// the real one. This code is never executed.
package stubparity

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"example.com/ledgerpb"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/bsm/redislock"
	"github.com/go-co-op/gocron/v2"
	"github.com/go-redsync/redsync/v4"
	redsyncredis "github.com/go-redsync/redsync/v4/redis"
	"github.com/go-redsync/redsync/v4/redis/goredis/v9"
	"github.com/go-zookeeper/zk"
	"github.com/google/uuid"
	consulapi "github.com/hashicorp/consul/api"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
	"github.com/nats-io/nats.go"
	"github.com/redis/go-redis/v9"
	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidislock"
	"github.com/rs/xid"
	"github.com/segmentio/kafka-go"
	"github.com/uptrace/bun"
	"github.com/valkey-io/valkey-go"
	"github.com/valkey-io/valkey-go/valkeylock"
	zeroredis "github.com/zeromicro/go-zero/core/stores/redis"
	pb "go.etcd.io/etcd/api/v3/etcdserverpb"
	"go.etcd.io/etcd/api/v3/mvccpb"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	coordinationv1 "k8s.io/api/coordination/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
	"k8s.io/klog/v2"
)

// Interface satisfaction that call sites rely on.
var (
	_ redis.UniversalClient     = (*redis.Client)(nil)
	_ redis.Cmdable             = (*redis.Client)(nil)
	_ redis.Cmdable             = (*redis.Tx)(nil)
	_ redis.Cmdable             = (*redis.Conn)(nil)
	_ redis.Scripter            = (*redis.Client)(nil)
	_ redis.Scripter            = (redis.Pipeliner)(nil)
	_ redislock.RedisClient     = (*redis.Client)(nil)
	_ sync.Locker               = (*sync.Mutex)(nil)
	_ resourcelock.Interface    = (*resourcelock.LeaseLock)(nil)
	_ grpc.ClientConnInterface  = (*grpc.ClientConn)(nil)
	_ bun.IDB                   = (*bun.DB)(nil)
	_ bun.IDB                   = bun.Tx{}
	_ bun.IConn                 = (*sql.DB)(nil)
	_ pgx.Tx                    = (*pgxpool.Tx)(nil)
	_ sqlx.ExtContext           = (*sqlx.DB)(nil)
	_ sqlx.ExtContext           = (*sqlx.Tx)(nil)
	_ gocron.Locker             = jobLocker{}
	_ gocron.Lock               = jobLock{}
	_ gocron.Elector            = elector{}
	_ ledgerpb.LedgerServer     = ledgerServer{}
	_ error                     = (*ddbtypes.ConditionalCheckFailedException)(nil)
	_ error                     = (*ddbtypes.TransactionCanceledException)(nil)
	_ expression.OperandBuilder = expression.Name("fence")
	_ expression.OperandBuilder = expression.Value(1)
	_ mongo.WriteModel          = mongo.NewUpdateOneModel()
	_ fmt.Stringer              = uuid.New()
	_ fmt.Stringer              = xid.New()
)

type jobLock struct{}

func (jobLock) Unlock(ctx context.Context) error { return nil }

type jobLocker struct{}

func (jobLocker) Lock(ctx context.Context, key string) (gocron.Lock, error) { return jobLock{}, nil }

type elector struct{}

func (elector) IsLeader(ctx context.Context) error { return nil }

type ledgerServer struct {
	ledgerpb.UnimplementedLedgerServer
}

// Etcd covers clientv3 (KV, Txn, Op, Cmp, Lease, Watcher), the pb response
// fields and the concurrency Session/Mutex/Election/STM API.
func Etcd(ctx context.Context) error {
	cli, err := clientv3.New(clientv3.Config{Endpoints: []string{"127.0.0.1:2379"}, DialTimeout: 5 * time.Second, Username: "u", Password: "p"})
	if err != nil {
		return err
	}
	defer cli.Close()
	_ = cli.Ctx()
	_ = cli.Endpoints()

	sess, err := concurrency.NewSession(cli, concurrency.WithTTL(10), concurrency.WithContext(ctx))
	if err != nil {
		return err
	}
	defer sess.Close()
	_, _ = concurrency.NewSession(cli, concurrency.WithLease(sess.Lease()))
	var lease clientv3.LeaseID = sess.Lease()
	_ = sess.Client()
	_ = sess.Ctx()
	select {
	case <-sess.Done():
	default:
	}
	_ = sess.Orphan

	m := concurrency.NewMutex(sess, "/locks/job")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	if err := m.TryLock(ctx); errors.Is(err, concurrency.ErrLocked) || errors.Is(err, concurrency.ErrSessionExpired) {
		return err
	}
	var hdr *pb.ResponseHeader = m.Header()
	rev := hdr.Revision
	_ = hdr.GetRevision() + int64(hdr.ClusterId) + int64(hdr.MemberId) + int64(hdr.RaftTerm)
	key := m.Key()
	var owner clientv3.Cmp = m.IsOwner()
	defer m.Unlock(ctx)
	if err := m.Unlock(ctx); errors.Is(err, concurrency.ErrLockReleased) {
		return err
	}
	var l sync.Locker = concurrency.NewLocker(sess, "/locks/other")
	l.Lock()
	l.Unlock()

	put, err := cli.Put(ctx, "k", "v", clientv3.WithLease(lease), clientv3.WithPrevKV())
	if err != nil {
		return err
	}
	_ = put.Header.Revision
	var prev *mvccpb.KeyValue = put.PrevKv
	_ = prev
	get, err := cli.Get(ctx, key, clientv3.WithPrefix(), clientv3.WithRev(rev), clientv3.WithLimit(1), clientv3.WithSort(clientv3.SortByCreateRevision, clientv3.SortAscend))
	if err != nil {
		return err
	}
	_, _ = cli.Get(ctx, "/locks/job", clientv3.WithFirstCreate()...)
	if len(get.Kvs) > 0 {
		kv := get.Kvs[0]
		_ = kv.CreateRevision + kv.ModRevision + kv.Version + kv.Lease
		_ = string(kv.Key) + string(kv.Value)
		_ = kv.GetCreateRevision()
	}
	_ = get.Count
	_ = get.More
	_ = get.Header.Revision
	del, err := cli.Delete(ctx, "k", clientv3.WithRange("l"))
	if err != nil {
		return err
	}
	_ = del.Deleted
	_ = del.PrevKvs

	txn, err := cli.Txn(ctx).If(owner).Then(clientv3.OpPut("k", "v"), clientv3.OpDelete("k2")).Else(clientv3.OpGet("k")).Commit()
	if err != nil {
		return err
	}
	if !txn.Succeeded {
		return errors.New("lost lock")
	}
	for _, r := range txn.Responses {
		_ = r.GetResponseRange()
		_ = r.GetResponsePut()
		_ = r.GetResponseDeleteRange()
		_ = r.GetResponseTxn()
	}
	_ = txn.Header.Revision
	cmps := []clientv3.Cmp{
		clientv3.Compare(clientv3.CreateRevision(key), "=", rev),
		clientv3.Compare(clientv3.ModRevision("k"), "<", rev+1),
		clientv3.Compare(clientv3.Version("k"), ">", 0),
		clientv3.Compare(clientv3.Value("k"), "!=", "v"),
		clientv3.Compare(clientv3.LeaseValue("k"), "=", lease),
	}
	var kv clientv3.KV = cli
	_, _ = kv.Txn(ctx).If(cmps...).Then(clientv3.OpTxn(cmps, []clientv3.Op{clientv3.OpPut("a", "b")}, nil)).Commit()
	opResp, err := kv.Do(ctx, clientv3.OpPut("k", "v"))
	if err != nil {
		return err
	}
	_ = opResp.Put()
	_ = opResp.Get()
	_ = opResp.Del()
	_ = opResp.Txn()
	_, _ = kv.Compact(ctx, rev)

	grant, err := cli.Grant(ctx, 10)
	if err != nil {
		return err
	}
	_ = grant.ID
	_ = grant.TTL
	_, _ = cli.Revoke(ctx, grant.ID)
	ttl, err := cli.TimeToLive(ctx, lease, clientv3.WithAttachedKeys())
	if err != nil {
		return err
	}
	_ = ttl.TTL + ttl.GrantedTTL
	_ = ttl.Revision
	ch, err := cli.KeepAlive(ctx, lease)
	if err != nil {
		return err
	}
	for ka := range ch {
		_ = ka.TTL
	}
	_, _ = cli.KeepAliveOnce(ctx, lease)
	var lc clientv3.Lease = cli
	_ = lc

	for wr := range cli.Watch(ctx, "k", clientv3.WithPrefix()) {
		if err := wr.Err(); err != nil {
			return err
		}
		for _, ev := range wr.Events {
			_ = ev.Type == mvccpb.Event_PUT
			_ = ev.Kv.ModRevision
		}
	}

	e := concurrency.NewElection(sess, "/election/svc")
	if err := e.Campaign(ctx, "node-1"); err != nil {
		return err
	}
	_ = e.Rev()
	_ = e.Key()
	_ = e.Header().Revision
	if err := e.Proclaim(ctx, "node-1"); errors.Is(err, concurrency.ErrElectionNotLeader) {
		return err
	}
	leader, err := e.Leader(ctx)
	if errors.Is(err, concurrency.ErrElectionNoLeader) {
		return err
	}
	_ = leader.Kvs
	for resp := range e.Observe(ctx) {
		_ = resp.Kvs
	}
	_ = e.Resign(ctx)
	_ = concurrency.ResumeElection(sess, "/election/svc", e.Key(), e.Rev())

	_, err = concurrency.NewSTM(cli, func(s concurrency.STM) error {
		v := s.Get("k")
		s.Put("k", v+"x", clientv3.WithLease(lease))
		s.Del("j")
		_ = s.Rev("k")
		return nil
	}, concurrency.WithIsolation(concurrency.Serializable), concurrency.WithAbortContext(ctx), concurrency.WithPrefetch("k"))
	return err
}

// Consul covers Lock, KV, Session and Txn.
func Consul(ctx context.Context) error {
	c, err := consulapi.NewClient(consulapi.DefaultConfig())
	if err != nil {
		return err
	}
	sid, _, err := c.Session().Create(&consulapi.SessionEntry{Name: "job", TTL: "15s", Behavior: consulapi.SessionBehaviorRelease, LockDelay: time.Second}, nil)
	if err != nil {
		return err
	}
	doneCh := make(chan struct{})
	go c.Session().RenewPeriodic("15s", sid, nil, doneCh)
	se, _, err := c.Session().Renew(sid, (&consulapi.WriteOptions{}).WithContext(ctx))
	if err != nil {
		return err
	}
	_ = se.ID
	_, _, _ = c.Session().Info(sid, nil)
	_, _, _ = c.Session().CreateNoChecks(&consulapi.SessionEntry{}, nil)
	defer c.Session().Destroy(sid, nil)

	lock, err := c.LockOpts(&consulapi.LockOptions{Key: "locks/job", Session: sid, SessionTTL: "15s", LockTryOnce: true, LockWaitTime: time.Second})
	if err != nil {
		return err
	}
	_, _ = c.LockKey("locks/other")
	lostCh, err := lock.Lock(ctx.Done())
	if err != nil {
		return err
	}
	if lostCh == nil {
		return consulapi.ErrLockHeld
	}
	defer lock.Unlock()
	_ = lock.Destroy()

	kv := c.KV()
	pair, meta, err := kv.Get("locks/job", &consulapi.QueryOptions{RequireConsistent: true})
	if err != nil {
		return err
	}
	_ = meta.LastIndex
	if pair == nil || pair.Session != sid {
		return consulapi.ErrLockNotHeld
	}
	fence := pair.LockIndex + pair.ModifyIndex + pair.CreateIndex + pair.Flags
	_ = string(pair.Value) + pair.Key
	wm, err := kv.Put(&consulapi.KVPair{Key: "data/x", Value: []byte(strconv.FormatUint(fence, 10))}, nil)
	if err != nil {
		return err
	}
	_ = wm.RequestTime
	_, _, _ = kv.CAS(&consulapi.KVPair{Key: "data/x", ModifyIndex: pair.ModifyIndex}, nil)
	_, _, _ = kv.Acquire(&consulapi.KVPair{Key: "locks/job", Session: sid}, nil)
	_, _, _ = kv.Release(&consulapi.KVPair{Key: "locks/job", Session: sid}, nil)
	_, _ = kv.Delete("data/x", nil)
	_, _, _ = kv.DeleteCAS(&consulapi.KVPair{Key: "data/x", ModifyIndex: 1}, nil)
	_, _ = kv.DeleteTree("data/", nil)
	_, _, _ = kv.List("data/", nil)

	ok, resp, _, err := c.Txn().Txn(consulapi.TxnOps{
		{KV: &consulapi.KVTxnOp{Verb: consulapi.KVCheckSession, Key: "locks/job", Session: sid}},
		{KV: &consulapi.KVTxnOp{Verb: consulapi.KVCheckIndex, Key: "locks/job", Index: pair.ModifyIndex}},
		{KV: &consulapi.KVTxnOp{Verb: consulapi.KVSet, Key: "data/x", Value: []byte("v")}},
	}, nil)
	if err != nil {
		return err
	}
	if !ok {
		for _, te := range resp.Errors {
			_ = te.What
			_ = te.OpIndex
		}
		return errors.New("txn rolled back")
	}
	_ = resp.Results[0].KV.LockIndex
	verbs := []consulapi.KVOp{consulapi.KVSet, consulapi.KVDelete, consulapi.KVDeleteCAS, consulapi.KVDeleteTree, consulapi.KVCAS, consulapi.KVLock, consulapi.KVUnlock, consulapi.KVGet, consulapi.KVGetOrEmpty, consulapi.KVGetTree, consulapi.KVCheckSession, consulapi.KVCheckIndex, consulapi.KVCheckNotExists}
	_ = verbs
	_, _, _, _ = kv.Txn(consulapi.KVTxnOps{{Verb: consulapi.KVLock, Key: "locks/job", Session: sid}}, nil)
	close(doneCh)
	return nil
}

// ZooKeeper covers Connect, Lock and the Conn read/write methods.
func ZooKeeper() error {
	conn, events, err := zk.Connect([]string{"127.0.0.1:2181"}, 10*time.Second)
	if err != nil {
		return err
	}
	defer conn.Close()
	go func() {
		for ev := range events {
			if ev.Type == zk.EventSession && (ev.State == zk.StateExpired || ev.State == zk.StateDisconnected) {
				_ = ev.Err
			}
			_ = ev.Path
		}
	}()
	acl := zk.WorldACL(zk.PermAll)
	l := zk.NewLock(conn, "/locks/job", acl)
	if err := l.Lock(); errors.Is(err, zk.ErrDeadlock) {
		return err
	}
	_ = l.LockWithData([]byte("owner"))
	defer l.Unlock()

	node, err := conn.CreateProtectedEphemeralSequential("/locks/job/lock-", nil, acl)
	if err != nil {
		return err
	}
	_, err = conn.Create("/data/x", []byte("v"), zk.FlagEphemeral|zk.FlagSequence, acl)
	if errors.Is(err, zk.ErrNodeExists) {
		return err
	}
	children, cstat, err := conn.Children("/locks/job")
	if err != nil {
		return err
	}
	_ = children
	_ = cstat.Cversion
	exists, stat, err := conn.Exists(node)
	if err != nil || !exists {
		return err
	}
	if stat.EphemeralOwner != conn.SessionID() {
		return zk.ErrNoNode
	}
	fence := stat.Czxid
	_ = stat.Mzxid + stat.Pzxid + stat.Ctime + stat.Mtime
	_ = stat.Version + stat.Aversion + stat.DataLength + stat.NumChildren
	data, gstat, err := conn.Get("/data/x")
	if err != nil {
		return err
	}
	_ = data
	st, err := conn.Set("/data/x", []byte(strconv.FormatInt(fence, 10)), gstat.Version)
	if errors.Is(err, zk.ErrBadVersion) {
		return err
	}
	_ = st.Version
	_ = conn.Delete("/data/x", -1)
	res, err := conn.Multi(
		&zk.CheckVersionRequest{Path: node, Version: -1},
		&zk.SetDataRequest{Path: "/data/x", Data: []byte("v"), Version: -1},
		&zk.CreateRequest{Path: "/data/y", Data: nil, Acl: acl, Flags: zk.FlagEphemeral},
		&zk.DeleteRequest{Path: "/data/z", Version: -1},
	)
	if err != nil {
		return err
	}
	for _, r := range res {
		_ = r.Error
		_ = r.String
		_ = r.Stat
	}
	_ = []zk.EventType{zk.EventNodeCreated, zk.EventNodeDeleted, zk.EventNodeDataChanged, zk.EventNodeChildrenChanged, zk.EventNotWatching}
	_ = []zk.State{zk.StateUnknown, zk.StateConnecting, zk.StateHasSession, zk.StateConnected, zk.StateSyncConnected}
	return nil
}

// Redsync covers the redsync mutex over the go-redis v9 pool.
func Redsync(ctx context.Context) error {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379", Password: "", DB: 0})
	var pool redsyncredis.Pool = goredis.NewPool(rdb)
	rs := redsync.New(pool)
	m := rs.NewMutex("job-lock",
		redsync.WithExpiry(8*time.Second),
		redsync.WithTries(32),
		redsync.WithRetryDelay(100*time.Millisecond),
		redsync.WithRetryDelayFunc(func(tries int) time.Duration { return time.Duration(tries) * time.Millisecond }),
		redsync.WithDriftFactor(0.01),
		redsync.WithTimeoutFactor(0.05),
		redsync.WithGenValueFunc(func() (string, error) { return uuid.NewString(), nil }),
		redsync.WithValue("v"),
		redsync.WithSetNXOnExtend(),
		redsync.WithFailFast(true),
		redsync.WithShufflePools(false),
	)
	if err := m.LockContext(ctx); err != nil {
		var taken *redsync.ErrTaken
		if errors.As(err, &taken) {
			_ = taken.Nodes
		}
		return err
	}
	_ = m.Lock()
	_ = m.TryLock()
	_ = m.TryLockContext(ctx)
	_ = m.Name() + m.Value()
	if time.Now().Before(m.Until()) {
		_, _ = m.Extend()
	}
	_, _ = m.ExtendContext(ctx)
	_, _ = m.Valid()
	_, _ = m.ValidContext(ctx)
	ok, err := m.UnlockContext(ctx)
	if errors.Is(err, redsync.ErrLockAlreadyExpired) || !ok {
		return err
	}
	_, _ = m.Unlock()
	_ = []error{redsync.ErrFailed, redsync.ErrExtendFailed, redsync.ErrNodeTaken{Node: 1}, redsync.RedisError{Node: 1, Err: redis.Nil}}
	_ = redsyncredis.NewScript(1, "return 1", "")
	return nil
}

// RedisLock covers bsm/redislock.
func RedisLock(ctx context.Context) error {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379"})
	locker := redislock.New(rdb)
	lock, err := locker.Obtain(ctx, "job-lock", 10*time.Second, &redislock.Options{
		RetryStrategy: redislock.LimitRetry(redislock.LinearBackoff(100*time.Millisecond), 3),
		Metadata:      "meta",
		Token:         "",
	})
	if errors.Is(err, redislock.ErrNotObtained) {
		return err
	}
	_, _ = redislock.Obtain(ctx, rdb, "other", time.Second, &redislock.Options{RetryStrategy: redislock.ExponentialBackoff(time.Millisecond, time.Second)})
	_, _ = redislock.Obtain(ctx, rdb, "other", time.Second, &redislock.Options{RetryStrategy: redislock.NoRetry()})
	_ = lock.Key() + lock.Token() + lock.Metadata()
	if ttl, err := lock.TTL(ctx); err == nil && ttl > 0 {
		_ = lock.Refresh(ctx, 10*time.Second, nil)
	}
	_, _ = lock.Obtain(ctx, "nested", time.Second, nil)
	if err := lock.Release(ctx); errors.Is(err, redislock.ErrLockNotHeld) {
		return err
	}
	return nil
}

// GoRedis covers go-redis v9 commands, cmd results, scripts and transactions.
func GoRedis(ctx context.Context) error {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379", DialTimeout: time.Second})
	defer rdb.Close()
	var uc redis.UniversalClient = rdb
	var c redis.Cmdable = rdb

	okNX, err := c.SetNX(ctx, "lock:job", "tok", 10*time.Second).Result()
	if err != nil || !okNX {
		return err
	}
	_ = c.SetNX(ctx, "lock:job", "tok", 0).Val()
	_ = c.Set(ctx, "k", "v", 0).Err()
	_, _ = c.Set(ctx, "k", 1, time.Minute).Result()
	_ = c.SetArgs(ctx, "k", "v", redis.SetArgs{Mode: "NX", TTL: time.Second, Get: false, KeepTTL: false, ExpireAt: time.Time{}, MatchValue: nil}).Val()
	_ = c.SetEx(ctx, "k", "v", time.Second).Err()
	_, _ = c.SetXX(ctx, "k", "v", time.Second).Result()
	_ = c.MSet(ctx, "a", 1, "b", 2).Err()
	_, _ = c.GetSet(ctx, "k", "v").Result()
	_, _ = c.GetDel(ctx, "k").Result()
	n, _ := c.Del(ctx, "a", "b").Result()
	_ = n
	_ = c.Unlink(ctx, "a").Val()
	_, _ = c.Expire(ctx, "k", time.Second).Result()
	_, _ = c.PExpire(ctx, "k", time.Millisecond).Result()
	_, _ = c.Incr(ctx, "fence").Result()
	_, _ = c.IncrBy(ctx, "fence", 2).Result()
	_, _ = c.Decr(ctx, "fence").Result()
	_ = c.HSet(ctx, "h", "f", "v", "fence", 3).Val()
	_ = c.HSet(ctx, "h", map[string]interface{}{"f": "v"}).Err()
	_, _ = c.HSetNX(ctx, "h", "f", "v").Result()
	_ = c.HDel(ctx, "h", "f").Val()
	_ = c.HIncrBy(ctx, "h", "n", 1).Val()
	_ = c.LPush(ctx, "l", "a", "b").Err()
	_ = c.RPush(ctx, "l", "c").Err()
	_ = c.SAdd(ctx, "s", "m").Err()
	_ = c.SRem(ctx, "s", "m").Err()
	_ = c.ZAdd(ctx, "z", redis.Z{Score: 1, Member: "m"}).Err()
	_ = c.ZRemRangeByScore(ctx, "z", "-inf", "1").Err()
	_ = c.ZCount(ctx, "z", "-inf", "+inf").Err()
	id, _ := c.XAdd(ctx, &redis.XAddArgs{Stream: "events", ID: "*", Values: map[string]interface{}{"a": 1}, MaxLen: 1000, Approx: true}).Result()
	_ = id
	_ = c.Publish(ctx, "ch", "msg").Err()
	_ = c.SetIFEQ(ctx, "lock:job", "new", "tok", time.Second).Err()
	_ = c.DelExArgs(ctx, "lock:job", redis.DelExArgs{Mode: "IFEQ", MatchValue: "tok"}).Val()

	s, err := c.Get(ctx, "k").Result()
	if errors.Is(err, redis.Nil) {
		return nil
	}
	_ = s
	_, _ = c.Get(ctx, "k").Int64()
	_, _ = c.Get(ctx, "k").Bytes()
	_, _ = c.HGet(ctx, "h", "f").Result()
	_, _ = c.HGetAll(ctx, "h").Result()
	_, _ = c.Exists(ctx, "k").Result()
	d, _ := c.TTL(ctx, "k").Result()
	_ = d
	_ = c.PTTL(ctx, "k").Val()
	_ = c.Ping(ctx).Err()

	res, err := c.Eval(ctx, "return 1", []string{"k"}, "a", 1).Int64()
	_, _ = res, err
	_, _ = c.EvalSha(ctx, "sha", []string{"k"}).Result()
	_, _ = c.EvalRO(ctx, "return 1", []string{"k"}).Text()
	_, _ = c.EvalShaRO(ctx, "sha", nil).Bool()
	_, _ = c.ScriptLoad(ctx, "return 1").Result()
	_, _ = c.ScriptExists(ctx, "sha").Result()
	script := redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`)
	_, _ = script.Run(ctx, rdb, []string{"k"}, "tok").Int()
	_ = script.RunRO(ctx, rdb, []string{"k"}).Err()
	_ = script.Eval(ctx, rdb, []string{"k"}).Val()
	_ = script.EvalSha(ctx, rdb, []string{"k"}).Err()
	_ = script.Hash()
	_ = script.Load(ctx, rdb).Err()

	err = rdb.Watch(ctx, func(tx *redis.Tx) error {
		cur, err := tx.Get(ctx, "fence").Int64()
		if err != nil && !errors.Is(err, redis.Nil) {
			return err
		}
		_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
			p.Set(ctx, "fence", cur+1, 0)
			p.HSet(ctx, "h", "v", 1)
			return nil
		})
		return err
	}, "fence")
	if errors.Is(err, redis.TxFailedErr) {
		return err
	}
	cmds, err := rdb.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.Incr(ctx, "a")
		return nil
	})
	for _, cmd := range cmds {
		_ = cmd.Err()
		_ = cmd.Name()
		_ = cmd.Args()
	}
	_, _ = rdb.TxPipelined(ctx, func(p redis.Pipeliner) error { return nil })
	pipe := rdb.TxPipeline()
	pipe.Set(ctx, "k", "v", 0)
	_, _ = pipe.Exec(ctx)
	pipe2 := uc.Pipeline()
	_ = pipe2.Len()
	pipe2.Discard()
	_ = uc.Do(ctx, "SET", "k", "v").Err()
	_ = uc.Process(ctx, redis.NewStringCmd(ctx, "get", "k"))
	_ = uc.Watch(ctx, func(tx *redis.Tx) error { return tx.Watch(ctx, "k").Err() }, "k")
	conn := rdb.Conn()
	_ = conn.Select(ctx, 1).Err()
	_ = conn.Set(ctx, "k", "v", 0).Err()
	_ = conn.Close()
	_ = rdb.Options().Addr
	return err
}

// Leader covers client-go leader election and the Lease type.
func Leader(ctx context.Context, cs kubernetes.Interface) error {
	lock := &resourcelock.LeaseLock{
		LeaseMeta:  metav1.ObjectMeta{Name: "job", Namespace: "default"},
		Client:     cs.CoordinationV1(),
		LockConfig: resourcelock.ResourceLockConfig{Identity: "pod-1"},
	}
	cfg := leaderelection.LeaderElectionConfig{
		Lock:            lock,
		LeaseDuration:   15 * time.Second,
		RenewDeadline:   10 * time.Second,
		RetryPeriod:     2 * time.Second,
		ReleaseOnCancel: true,
		Name:            "job",
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: func(ctx context.Context) {
				lease, err := cs.CoordinationV1().Leases("default").Get(ctx, "job", metav1.GetOptions{})
				if err != nil {
					return
				}
				if lease.Spec.HolderIdentity != nil && *lease.Spec.HolderIdentity == lock.Identity() && lease.Spec.LeaseTransitions != nil {
					_ = int64(*lease.Spec.LeaseTransitions)
				}
				_ = lease.Spec.RenewTime.Time
				_ = lease.Spec.AcquireTime
				_ = lease.ResourceVersion
				_ = lease.Name
				rec, raw, err := lock.Get(ctx)
				if err == nil {
					_ = rec.LeaderTransitions + rec.LeaseDurationSeconds
					_ = rec.HolderIdentity
					_ = rec.RenewTime.Time.Add(time.Second)
					_ = rec.AcquireTime
					_ = raw
				}
				_, _ = cs.CoordinationV1().Leases("default").Update(ctx, lease, metav1.UpdateOptions{})
			},
			OnStoppedLeading: func() {},
			OnNewLeader:      func(identity string) {},
		},
	}
	le, err := leaderelection.NewLeaderElector(cfg)
	if err != nil {
		return err
	}
	go le.Run(ctx)
	if le.IsLeader() {
		_ = le.GetLeader()
	}
	_ = le.Check(time.Second)
	leaderelection.RunOrDie(ctx, cfg)
	_ = lock.Describe()
	lock.RecordEvent("x")
	_ = lock.Create(ctx, resourcelock.LeaderElectionRecord{HolderIdentity: "pod-1"})
	_ = lock.Update(ctx, resourcelock.LeaderElectionRecord{HolderIdentity: "pod-1", LeaderTransitions: 2})
	spec := coordinationv1.LeaseSpec{HolderIdentity: nil, LeaseTransitions: nil}
	_ = resourcelock.LeaseSpecToLeaderElectionRecord(&spec)
	_ = resourcelock.LeaderElectionRecordToLeaseSpec(&resourcelock.LeaderElectionRecord{})
	now := metav1.NowMicro()
	_ = coordinationv1.Lease{ObjectMeta: metav1.ObjectMeta{Name: "x"}, Spec: coordinationv1.LeaseSpec{RenewTime: &now}}
	t := metav1.Now()
	_ = t.IsZero()
	_ = metav1.NewTime(time.Now()).Time
	_ = metav1.NewMicroTime(time.Now())
	rv := "1"
	pre := metav1.NewUIDPreconditions("uid-1")
	_ = metav1.DeleteOptions{Preconditions: &metav1.Preconditions{UID: pre.UID, ResourceVersion: &rv}}
	_ = metav1.NewPreconditionDeleteOptions("uid-1").Preconditions
	_ = metav1.NewRVDeletionPrecondition(rv).GracePeriodSeconds
	klog.Info("leading")
	_, _ = klog.Fatal, klog.Fatalf
	_ = resourcelock.LeasesResourceLock
	var cond wait.ConditionWithContextFunc = func(context.Context) (bool, error) { return true, nil }
	_ = wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, cond)
	return nil
}

// SQLDrivers covers pgx, pgxpool, sqlx, gorm and bun.
func SQLDrivers(ctx context.Context, pool *pgxpool.Pool, sdb *sql.DB) error {
	conn, err := pgx.Connect(ctx, "postgres://localhost/db")
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	tag, err := conn.Exec(ctx, "UPDATE t SET v = $1 WHERE id = $2 AND fence <= $3", 1, 2, 3)
	if err != nil {
		return err
	}
	_ = tag.RowsAffected() == 1 && tag.Update() && !tag.Insert() && !tag.Delete() && !tag.Select()
	_ = tag.String()
	_ = pgconn.NewCommandTag("UPDATE 1")
	rows, err := conn.Query(ctx, "SELECT id FROM t WHERE v = @v", pgx.NamedArgs{"v": 1})
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		_ = rows.Scan(&id)
	}
	rows.Close()
	_ = rows.Err()
	var tok int64
	if err := conn.QueryRow(ctx, "UPDATE fences SET token = token + 1 WHERE name = $1 RETURNING token", "job").Scan(&tok); errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.Serializable, AccessMode: pgx.ReadWrite})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	_, _ = tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(42))
	_ = tx.QueryRow(ctx, "SELECT 1").Scan(&tok)
	_, _ = tx.Query(ctx, "SELECT 1")
	_ = tx.Conn()
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	_, _ = conn.Begin(ctx)
	b := &pgx.Batch{}
	b.Queue("UPDATE t SET v = $1", 1)
	br := conn.SendBatch(ctx, b)
	_, _ = br.Exec()
	_ = br.Close()
	_ = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "UPDATE t SET v = 1")
		return err
	})
	_ = pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{}, func(tx pgx.Tx) error { return nil })

	_, _ = pool.Exec(ctx, "SELECT pg_advisory_lock($1)", 42)
	_, _ = pool.Query(ctx, "SELECT 1")
	_ = pool.QueryRow(ctx, "SELECT pg_try_advisory_lock($1)", 42).Scan(new(bool))
	_, _ = pool.Begin(ctx)
	_, _ = pool.BeginTx(ctx, pgx.TxOptions{})
	_ = pool.SendBatch(ctx, &pgx.Batch{})
	pc, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer pc.Release()
	_, _ = pc.Exec(ctx, "SELECT pg_advisory_lock($1)", 42)
	_ = pc.QueryRow(ctx, "SELECT 1").Scan(&tok)
	_, _ = pc.Query(ctx, "SELECT 1")
	_, _ = pc.Begin(ctx)
	_, _ = pc.BeginTx(ctx, pgx.TxOptions{})
	_ = pc.Conn()
	_, _ = pgxpool.New(ctx, "postgres://localhost/db")

	xdb, err := sqlx.Connect("postgres", "dsn")
	if err != nil {
		return err
	}
	_, _ = sqlx.Open("postgres", "dsn")
	res, err := xdb.ExecContext(ctx, "UPDATE t SET v = $1", 1)
	if err == nil {
		_, _ = res.RowsAffected()
	}
	_, _ = xdb.Exec("UPDATE t SET v = 1")
	_ = xdb.MustExec("UPDATE t SET v = $1", 1)
	_, _ = xdb.NamedExec("UPDATE t SET v = :v WHERE fence <= :fence", map[string]interface{}{"v": 1, "fence": tok})
	_, _ = xdb.NamedExecContext(ctx, "UPDATE t SET v = :v", map[string]interface{}{"v": 1})
	var dest struct{ V int64 }
	_ = xdb.Get(&dest, "SELECT v FROM t WHERE id = $1", 1)
	var all []struct{ V int64 }
	_ = xdb.Select(&all, "SELECT v FROM t")
	_ = xdb.QueryRowx("SELECT v FROM t").StructScan(&dest)
	xtx, err := xdb.Beginx()
	if err != nil {
		return err
	}
	_, _ = xtx.ExecContext(ctx, "UPDATE t SET v = 1")
	_ = xtx.MustExec("UPDATE t SET v = 1")
	_ = xtx.Commit()
	xtx2, _ := xdb.BeginTxx(ctx, &sql.TxOptions{})
	_ = xtx2.Rollback()
	xtx3 := xdb.MustBegin()
	_, _ = xtx3.NamedExec("UPDATE t SET v = :v", map[string]interface{}{"v": 1})
	_ = xtx3.Get(&dest, "SELECT 1")
	_, _ = sqlx.NamedExecContext(ctx, xdb, "UPDATE t SET v = :v", map[string]interface{}{"v": 1})

	var gdb *gorm.DB
	type Account struct {
		ID    int64
		Fence int64
		V     int64
	}
	r := gdb.WithContext(ctx).Model(&Account{}).Where("id = ? AND fence <= ?", 1, tok).Updates(map[string]any{"v": 1, "fence": tok})
	if r.Error != nil || r.RowsAffected != 1 {
		return r.Error
	}
	_ = gdb.Exec("UPDATE accounts SET v = ?", 1).Error
	_ = gdb.Raw("SELECT v FROM accounts WHERE id = ?", 1).Scan(&dest).Error
	_ = gdb.Table("accounts").Where("id = ?", 1).Update("v", 2).RowsAffected
	_ = gdb.Model(&Account{ID: 1}).UpdateColumn("v", 3).Error
	_ = gdb.Save(&Account{ID: 1}).Error
	_ = gdb.Create(&Account{ID: 2}).Error
	_ = gdb.Delete(&Account{}, 1).Error
	_ = gdb.First(&Account{}, 1).Error
	_ = gdb.Find(&[]Account{}).Error
	_ = gdb.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "id"}},
		DoUpdates: clause.AssignmentColumns([]string{"v", "fence"}),
		Where:     clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "accounts.fence <= excluded.fence"}}},
	}).Create(&Account{ID: 3}).Error
	_ = gdb.Clauses(clause.Locking{Strength: "UPDATE"}).First(&Account{}).Error
	_ = gdb.Transaction(func(tx *gorm.DB) error {
		return tx.Exec("SELECT pg_advisory_xact_lock(?)", 42).Error
	}, &sql.TxOptions{})
	gtx := gdb.Begin()
	_ = gtx.Commit().Error
	_ = gdb.Begin().Rollback().Error

	bdb := bun.NewDB(sdb, nil)
	type BunAccount struct {
		bun.BaseModel `bun:"table:accounts"`
		ID            int64 `bun:",pk"`
		V             int64
	}
	acc := &BunAccount{ID: 1}
	bres, err := bdb.NewUpdate().Model(acc).Set("v = ?", 1).Where("id = ? AND fence <= ?", 1, tok).Returning("v").Exec(ctx)
	if err == nil {
		_, _ = bres.RowsAffected()
	}
	_ = bdb.NewUpdate().Model(acc).WherePK().Table("accounts").Scan(ctx)
	_, _ = bdb.NewInsert().Model(acc).On("CONFLICT (id) DO UPDATE").Set("v = EXCLUDED.v").Where("accounts.fence <= EXCLUDED.fence").Exec(ctx)
	_, _ = bdb.NewDelete().Model(acc).WherePK().Exec(ctx)
	_ = bdb.NewSelect().Model(acc).Where("id = ?", 1).Scan(ctx)
	_, _ = bdb.NewRaw("UPDATE accounts SET v = ?", 1).Exec(ctx)
	_, _ = bdb.ExecContext(ctx, "UPDATE accounts SET v = 1")
	err = bdb.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewUpdate().Model(acc).WherePK().Exec(ctx)
		return err
	})
	btx, err := bdb.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var idb bun.IDB = btx
	_, _ = idb.NewUpdate().Model(acc).WherePK().Exec(ctx)
	_ = btx.Commit()
	return err
}

// Sinks covers grpc, metadata, net/http, dynamodb, mongo, nats, kafka, uuid and xid.
func Sinks(ctx context.Context, cc *grpc.ClientConn, tok int64) error {
	cc2, err := grpc.NewClient("dns:///ledger:443")
	if err != nil {
		return err
	}
	defer cc2.Close()
	client := ledgerpb.NewLedgerClient(cc)
	md := metadata.Pairs("x-fencing-token", strconv.FormatInt(tok, 10))
	md.Set("x-request-id", uuid.NewString())
	_ = md.Get("x-fencing-token")
	octx := metadata.NewOutgoingContext(ctx, md)
	octx = metadata.AppendToOutgoingContext(octx, "x-fencing-token", strconv.FormatInt(tok, 10))
	_, _ = metadata.FromOutgoingContext(octx)
	_, _ = metadata.FromIncomingContext(ctx)
	_ = metadata.New(map[string]string{"k": "v"})
	var hdr metadata.MD
	resp, err := client.Transfer(octx, &ledgerpb.TransferRequest{FromAccount: "a", ToAccount: "b", AmountCents: 100, FencingToken: tok}, grpc.WaitForReady(true), grpc.Header(&hdr))
	if err != nil {
		return err
	}
	_ = resp.GetApplied()
	_, _ = client.Debit(ctx, &ledgerpb.DebitRequest{Account: "a", AmountCents: 1, FencingToken: tok})
	bal, _ := client.GetBalance(ctx, &ledgerpb.GetBalanceRequest{Account: "a"})
	_ = bal.GetBalanceCents()
	stream, err := client.ListAccounts(ctx, &ledgerpb.ListAccountsRequest{Prefix: "a"})
	if err == nil {
		acc, _ := stream.Recv()
		_ = acc.GetId()
	}
	var out ledgerpb.TransferResponse
	_ = cc.Invoke(ctx, ledgerpb.Ledger_Transfer_FullMethodName, &ledgerpb.TransferRequest{}, &out, grpc.StaticMethod())
	_, _ = cc.NewStream(ctx, &grpc.StreamDesc{StreamName: "x", ServerStreams: true}, "/x")
	_ = grpc.WithUnaryInterceptor(func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		return invoker(metadata.AppendToOutgoingContext(ctx, "x-fencing-token", "1"), method, req, reply, cc, opts...)
	})

	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api/x", nil)
	if err != nil {
		return err
	}
	req.Header.Set("X-Fencing-Token", strconv.FormatInt(tok, 10))
	_, _ = http.DefaultClient.Do(req)

	ddb := dynamodb.NewFromConfig(aws.Config{Region: "eu-west-1"})
	cond := expression.Name("fence").LessThanEqual(expression.Value(tok)).Or(expression.Name("fence").AttributeNotExists())
	cond = expression.Or(expression.AttributeNotExists(expression.Name("fence")), expression.LessThan(expression.Name("fence"), expression.Value(tok)),
		expression.LessThanEqual(expression.Name("fence"), expression.Value(tok)), expression.GreaterThan(expression.Name("v"), expression.Value(0)),
		expression.GreaterThanEqual(expression.Name("v"), expression.Value(0)))
	upd := expression.Set(expression.Name("fence"), expression.Value(tok)).Set(expression.Name("v"), expression.Value(1))
	expr, err := expression.NewBuilder().WithCondition(cond).WithUpdate(upd).Build()
	if err != nil {
		return err
	}
	key := map[string]ddbtypes.AttributeValue{"pk": &ddbtypes.AttributeValueMemberS{Value: "acct#1"}}
	_, err = ddb.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String("accounts"),
		Key:                       key,
		ConditionExpression:       expr.Condition(),
		UpdateExpression:          expr.Update(),
		ExpressionAttributeNames:  expr.Names(),
		ExpressionAttributeValues: expr.Values(),
	})
	var ccf *ddbtypes.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		_ = ccf.ErrorMessage()
	}
	_, _ = ddb.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("t"), Item: map[string]ddbtypes.AttributeValue{"n": &ddbtypes.AttributeValueMemberN{Value: strconv.FormatInt(tok, 10)}}, ConditionExpression: aws.String("attribute_not_exists(fence) OR fence <= :f")})
	_, _ = ddb.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("t"), Key: key})
	got, _ := ddb.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("t"), Key: key, ConsistentRead: aws.Bool(true)})
	_ = got.Item
	_, _ = ddb.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []ddbtypes.TransactWriteItem{
		{ConditionCheck: &ddbtypes.ConditionCheck{TableName: aws.String("fences"), Key: key, ConditionExpression: aws.String("fence <= :f")}},
		{Put: &ddbtypes.Put{TableName: aws.String("t"), Item: key}},
		{Update: &ddbtypes.Update{TableName: aws.String("t"), Key: key, UpdateExpression: aws.String("SET v = :v")}},
		{Delete: &ddbtypes.Delete{TableName: aws.String("t"), Key: key}},
	}})
	_, _ = ddb.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]ddbtypes.WriteRequest{"t": {{PutRequest: &ddbtypes.PutRequest{Item: key}}}}})
	_, _ = ddb.ExecuteStatement(ctx, &dynamodb.ExecuteStatementInput{Statement: aws.String(`UPDATE "t" SET v = 1 WHERE pk = ? AND fence <= ?`), Parameters: []ddbtypes.AttributeValue{&ddbtypes.AttributeValueMemberN{Value: "1"}}})
	_ = aws.ToString(aws.String("x")) + strconv.FormatInt(aws.ToInt64(aws.Int64(1)), 10)

	var mdb *mongo.Database
	coll := mdb.Collection("locks", options.Collection())
	_ = mdb.Name()
	ur, err := coll.UpdateOne(ctx, bson.M{"_id": 1, "fence": bson.M{"$lte": tok}}, bson.M{"$set": bson.M{"v": 1, "fence": tok}}, options.UpdateOne().SetUpsert(true))
	if err == nil && ur.MatchedCount != 1 {
		_ = ur.ModifiedCount + ur.UpsertedCount
	}
	_, _ = coll.UpdateMany(ctx, bson.D{{Key: "a", Value: 1}}, bson.D{bson.E{Key: "$set", Value: bson.M{"v": 2}}})
	_, _ = coll.ReplaceOne(ctx, bson.M{"_id": 1}, bson.M{"v": 1})
	dr, _ := coll.DeleteOne(ctx, bson.M{"_id": 1})
	_ = dr.DeletedCount
	_, _ = coll.DeleteMany(ctx, bson.M{})
	ir, _ := coll.InsertOne(ctx, bson.M{"v": 1})
	_ = ir.InsertedID
	_, _ = coll.InsertMany(ctx, []any{bson.M{"v": 1}})
	sr := coll.FindOneAndUpdate(ctx, bson.M{"_id": 1}, bson.M{"$inc": bson.M{"fence": 1}}, options.FindOneAndUpdate().SetReturnDocument(options.After).SetUpsert(true))
	if errors.Is(sr.Err(), mongo.ErrNoDocuments) {
		return sr.Err()
	}
	var doc bson.M
	_ = coll.FindOne(ctx, bson.M{"_id": 1}).Decode(&doc)
	cur, err := coll.Find(ctx, bson.M{})
	if err == nil {
		for cur.Next(ctx) {
			_ = cur.Decode(&doc)
		}
		_ = cur.Close(ctx)
	}
	_, _ = coll.BulkWrite(ctx, []mongo.WriteModel{mongo.NewUpdateOneModel().SetFilter(bson.M{"_id": 1}).SetUpdate(bson.M{"$set": bson.M{"v": 1}})})

	nc, err := nats.Connect(nats.DefaultURL, nats.Name("svc"))
	if err != nil {
		return err
	}
	defer nc.Close()
	_ = nc.Publish("subj", []byte("x"))
	msg := nats.NewMsg("subj")
	msg.Header.Set("Nats-Msg-Id", uuid.NewString())
	msg.Header.Set("X-Fencing-Token", strconv.FormatInt(tok, 10))
	msg.Data = []byte("x")
	_ = nc.PublishMsg(msg)
	_ = nc.PublishMsg(&nats.Msg{Subject: "s", Data: []byte("x"), Header: nats.Header{}})
	js, err := nc.JetStream()
	if err != nil {
		return err
	}
	ack, err := js.Publish("orders", []byte("x"), nats.MsgId("order-1"))
	if err == nil {
		_ = ack.Sequence
		_ = ack.Duplicate
	}
	_, _ = js.PublishMsg(msg, nats.MsgId("order-2"), nats.ExpectLastSequence(1))

	w := &kafka.Writer{Addr: kafka.TCP("localhost:9092"), Topic: "events", Balancer: &kafka.LeastBytes{}, RequiredAcks: kafka.RequireAll}
	defer w.Close()
	_ = w.WriteMessages(ctx, kafka.Message{Key: []byte("k"), Value: []byte("v"), Headers: []kafka.Header{{Key: "fence", Value: []byte("1")}}})

	_ = uuid.New().String() + uuid.NewString() + xid.New().String()
	return nil
}

// GoZero covers go-zero's RedisLock.
func GoZero(ctx context.Context) error {
	store := zeroredis.MustNewRedis(zeroredis.RedisConf{Host: "127.0.0.1:6379", Type: zeroredis.NodeType})
	_ = zeroredis.New("127.0.0.1:6379", zeroredis.WithPass("p"))
	lock := zeroredis.NewRedisLock(store, "job-lock")
	lock.SetExpire(10)
	ok, err := lock.AcquireCtx(ctx)
	if err != nil || !ok {
		return err
	}
	_, _ = lock.Acquire()
	_ = store.SetCtx(ctx, "k", "v")
	_ = store.Set("k", "v")
	_ = store.HsetCtx(ctx, "h", "f", "v")
	_, _ = store.GetCtx(ctx, "k")
	_, _ = store.EvalCtx(ctx, "return 1", []string{"k"}, "a")
	_, _ = store.DelCtx(ctx, "k")
	_, _ = store.IncrCtx(ctx, "fence")
	_, _ = store.SetnxCtx(ctx, "k", "v")
	_ = store.SetexCtx(ctx, "k", "v", 10)
	_, _ = lock.Release()
	_, err = lock.ReleaseCtx(ctx)
	return err
}

// Gocron covers the gocron v2 scheduler and distributed locking options.
func Gocron(ctx context.Context) error {
	s, err := gocron.NewScheduler(gocron.WithDistributedLocker(jobLocker{}), gocron.WithDistributedElector(elector{}), gocron.WithLocation(time.UTC))
	if err != nil {
		return err
	}
	j, err := s.NewJob(
		gocron.DurationJob(time.Minute),
		gocron.NewTask(func(ctx context.Context, id int) {}, 1),
		gocron.WithName("sync"),
		gocron.WithDistributedJobLocker(jobLocker{}),
		gocron.WithTags("a"),
	)
	if err != nil {
		return err
	}
	_ = j.ID().String() + j.Name()
	_, _ = j.NextRun()
	_, _ = j.LastRun()
	_ = j.RunNow()
	_, _ = s.NewJob(gocron.CronJob("* * * * *", false), gocron.NewTask(func() {}))
	s.Start()
	return s.Shutdown()
}

// Rueidis covers rueidis, rueidislock, valkey-go and valkeylock: the
// command builder's chains, Do, DoMulti, Lua scripts and the lockers.
func Rueidis(ctx context.Context) error {
	locker, err := rueidislock.NewLocker(rueidislock.LockerOption{
		ClientOption: rueidis.ClientOption{InitAddress: []string{"127.0.0.1:6379"}},
		KeyPrefix:    "locks",
		KeyValidity:  time.Second,
		ClientBuilder: func(o rueidis.ClientOption) (rueidis.Client, error) {
			return rueidis.NewClient(o)
		},
	})
	if err != nil {
		return err
	}
	defer locker.Close()
	lctx, cancel, err := locker.WithContext(ctx, "a")
	if err != nil {
		return err
	}
	cancel()
	if _, cancel, err = locker.TryWithContext(ctx, "a"); errors.Is(err, rueidislock.ErrNotLocked) || errors.Is(err, rueidislock.ErrLockerClosed) {
		return err
	}
	cancel()
	if _, cancel, err = locker.ForceWithContext(ctx, "a"); err != nil {
		return err
	}
	cancel()
	var c rueidis.Client = locker.Client()
	var b rueidis.Builder = c.B()
	cmds := []rueidis.Completed{
		b.Get().Key("k").Build(),
		b.Set().Key("k").Value("v").Build(),
		b.Set().Key("k").Value("v").Nx().Build(),
		b.Set().Key("k").Value("v").Nx().Px(time.Second).Build(),
		b.Set().Key("k").Value("v").Xx().Build(),
		b.Set().Key("k").Value("v").Px(time.Second).Build(),
		b.Setnx().Key("k").Value("v").Build(),
		b.Del().Key("k").Key("l").Build(),
		b.Incr().Key("k").Build(),
		b.Hset().Key("h").FieldValue().FieldValue("f", "v").Build(),
		b.Hget().Key("h").Field("f").Build(),
		b.Eval().Script("return 1").Numkeys(1).Build(),
		b.Eval().Script("return 1").Numkeys(1).Key("k").Key("l").Arg("a").Arg("b").Build(),
		b.Eval().Script("return 1").Numkeys(0).Arg("a").Build(),
		b.Eval().Script("return 1").Numkeys(1).Key("k").Build(),
	}
	var cc rueidis.Cacheable = b.Get().Key("k").Cache()
	_ = c.DoCache(lctx, cc, time.Second)
	for _, r := range c.DoMulti(lctx, cmds...) {
		_ = r.Error()
	}
	var res rueidis.RedisResult = c.Do(lctx, cmds[0])
	if _, err := res.ToString(); rueidis.IsRedisNil(err) || err == rueidis.Nil {
		return err
	}
	if _, err := res.AsInt64(); err != nil {
		return err
	}
	var re *rueidis.RedisError = rueidis.Nil
	_ = re.Error()
	var lua *rueidis.Lua = rueidis.NewLuaScript("return 1")
	_ = lua.Exec(lctx, c, []string{"k"}, []string{"a"})
	var core rueidis.CoreClient = c
	var cmdc rueidis.CommandClient = core
	_ = cmdc
	var inc rueidis.Incomplete
	_ = inc
	if err := c.Dedicated(func(d rueidis.DedicatedClient) error { return d.Do(ctx, d.B().Get().Key("k").Build()).Error() }); err != nil {
		return err
	}

	vlocker, err := valkeylock.NewLocker(valkeylock.LockerOption{
		ClientOption: valkey.ClientOption{InitAddress: []string{"127.0.0.1:6379"}},
		KeyPrefix:    "locks",
		KeyValidity:  time.Second,
		ClientBuilder: func(o valkey.ClientOption) (valkey.Client, error) {
			return valkey.NewClient(o)
		},
	})
	if err != nil {
		return err
	}
	defer vlocker.Close()
	vctx, vcancel, err := vlocker.WithContext(ctx, "a")
	if err != nil {
		return err
	}
	defer vcancel()
	if _, vcancel, err = vlocker.TryWithContext(ctx, "a"); errors.Is(err, valkeylock.ErrNotLocked) || errors.Is(err, valkeylock.ErrLockerClosed) {
		return err
	}
	vcancel()
	if _, vcancel, err = vlocker.ForceWithContext(ctx, "a"); err != nil {
		return err
	}
	vcancel()
	var vc valkey.Client = vlocker.Client()
	var vb valkey.Builder = vc.B()
	vcmds := []valkey.Completed{
		vb.Get().Key("k").Build(),
		vb.Set().Key("k").Value("v").Build(),
		vb.Set().Key("k").Value("v").Nx().Build(),
		vb.Set().Key("k").Value("v").Nx().Px(time.Second).Build(),
		vb.Set().Key("k").Value("v").Xx().Build(),
		vb.Set().Key("k").Value("v").Px(time.Second).Build(),
		vb.Setnx().Key("k").Value("v").Build(),
		vb.Del().Key("k").Key("l").Build(),
		vb.Incr().Key("k").Build(),
		vb.Hset().Key("h").FieldValue().FieldValue("f", "v").Build(),
		vb.Hget().Key("h").Field("f").Build(),
		vb.Eval().Script("return 1").Numkeys(1).Build(),
		vb.Eval().Script("return 1").Numkeys(1).Key("k").Key("l").Arg("a").Arg("b").Build(),
		vb.Eval().Script("return 1").Numkeys(0).Arg("a").Build(),
		vb.Eval().Script("return 1").Numkeys(1).Key("k").Build(),
	}
	var vcc valkey.Cacheable = vb.Get().Key("k").Cache()
	_ = vc.DoCache(vctx, vcc, time.Second)
	for _, r := range vc.DoMulti(vctx, vcmds...) {
		_ = r.Error()
	}
	var vres valkey.ValkeyResult = vc.Do(vctx, vcmds[0])
	if _, err := vres.ToString(); valkey.IsValkeyNil(err) || err == valkey.Nil {
		return err
	}
	if _, err := vres.AsInt64(); err != nil {
		return err
	}
	var vre *valkey.ValkeyError = valkey.Nil
	_ = vre.Error()
	var vlua *valkey.Lua = valkey.NewLuaScript("return 1")
	_ = vlua.Exec(vctx, vc, []string{"k"}, []string{"a"})
	var vcore valkey.CoreClient = vc
	var vcmdc valkey.CommandClient = vcore
	_ = vcmdc
	var vinc valkey.Incomplete
	_ = vinc
	return vc.Dedicated(func(d valkey.DedicatedClient) error { return d.Do(ctx, d.B().Get().Key("k").Build()).Error() })
}

// Asynq covers the task queue's enqueue and the options that make the
// queue de-duplicate a task.
func Asynq(ctx context.Context, opt asynq.RedisConnOpt) error {
	c := asynq.NewClient(opt)
	defer c.Close()
	task := asynq.NewTask("t", []byte("x"), asynq.TaskID("a"), asynq.MaxRetry(1))
	info, err := c.Enqueue(task, asynq.TaskID("a"), asynq.Unique(time.Hour), asynq.Queue("q"), asynq.Retention(time.Hour))
	if errors.Is(err, asynq.ErrTaskIDConflict) || errors.Is(err, asynq.ErrDuplicateTask) {
		return nil
	}
	_ = info.ID + info.Queue
	_, err = c.EnqueueContext(ctx, task)
	var _ asynq.OptionType = asynq.Queue("q").Type()
	return err
}
