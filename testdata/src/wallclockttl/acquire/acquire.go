// Package acquire keeps leases as records in stores it reaches through no
// lock library (a NATS KV value, object metadata behind its own interface,
// a DynamoDB item) and judges the holder's expiry, rebuilt from bytes,
// text or integers, with the local clock while acquiring; beside them,
// expiries compared outside an acquisition, which belong to no lock.
package acquire

import (
	"context"
	"encoding/binary"
	"errors"
	"log"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/service/dynamodb"
	"github.com/aws/aws-sdk-go/service/dynamodb/dynamodbattribute"
	"github.com/aws/aws-sdk-go/service/dynamodb/dynamodbiface"
	"github.com/nats-io/nats.go"
)

var errHeld = errors.New("lock held")

// kvLock keeps each lock as a KV value: the holder's deadline in
// UnixNano, little-endian.
type kvLock struct{ kv nats.KeyValue }

// Reported: the waiter deletes the holder's record when the deadline,
// written with the holder's clock, looks past on its own.
func (l *kvLock) Lock(ctx context.Context, key string) error {
	for {
		e, err := l.kv.Get("LOCK." + key)
		if err != nil {
			return err
		}
		expires := time.Unix(0, int64(binary.LittleEndian.Uint64(e.Value())))
		if time.Now().After(expires) { // want `decides whether NATS KV Delete \(NATS KV KeyValue.Delete\) runs`
			if err := l.kv.Delete("LOCK." + key); err != nil {
				return err
			}
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	buf := make([]byte, 8)
	binary.LittleEndian.PutUint64(buf, uint64(time.Now().Add(5*time.Minute).UnixNano()))
	_, err := l.kv.Create("LOCK."+key, buf)
	return err
}

// objects is the application's own client of an object store.
type objects interface {
	Metadata(ctx context.Context, name string) (map[string]string, error)
	WriteMetadata(ctx context.Context, name string, md map[string]string) error
}

// objectLock is a lock object whose "nbf" metadata holds, in Unix
// seconds, when its holder's TTL ends.
type objectLock struct {
	store objects
	name  string
}

// Reported: an integer parsed from the metadata is another host's instant;
// the comparison refuses the acquisition or lets it write the lock.
func (l *objectLock) tryAcquire(ctx context.Context, now time.Time, ttl time.Duration) error {
	md, err := l.store.Metadata(ctx, l.name)
	if err != nil {
		return err
	}
	nbf, err := strconv.ParseInt(md["nbf"], 10, 64)
	if err != nil {
		return err
	}
	if nbf >= now.Unix() { // want `decides whether tryAcquire takes the lock over \(objects.WriteMetadata of the lock record\)`
		return errHeld
	}
	return l.store.WriteMetadata(ctx, l.name, map[string]string{"nbf": strconv.FormatInt(now.Add(ttl).Unix(), 10)})
}

// leases is the application's own client of a table of shard leases.
type leases interface {
	Item(shard string) (map[string]string, error)
	PutIf(shard string, item map[string]string, cond string) error
}

type checkpointer struct{ table leases }

// Reported: the lease's end, an RFC 3339 string written by the holder,
// decides with the owner test whether GetLease refuses the shard.
func (c *checkpointer) GetLease(shard, me string, d time.Duration) error {
	item, err := c.table.Item(shard)
	if err != nil {
		return err
	}
	assignedTo := item["AssignedTo"]
	end, err := time.Parse(time.RFC3339Nano, item["LeaseTimeout"])
	if err != nil {
		return err
	}
	if time.Now().UTC().Before(end) && assignedTo != me { // want `decides whether GetLease refuses the lock with an error`
		return errHeld
	}
	item["AssignedTo"] = me
	item["LeaseTimeout"] = time.Now().Add(d).UTC().Format(time.RFC3339Nano)
	return c.table.PutIf(shard, item, "LeaseTimeout = :old")
}

// shardRecord names its owner and when the owner last wrote it.
type shardRecord struct {
	Shard      string
	LastUpdate int64
	OwnerID    *string
}

// Reported: "owned, and written recently" by the owner's clock decides
// whether this client puts itself in as the owner.
func capture(db dynamodbiface.DynamoDBAPI, shard, me string, maxAge time.Duration) (*shardRecord, error) {
	cutoff := time.Now().Add(-maxAge).UnixNano()
	out, err := db.GetItem(&dynamodb.GetItemInput{TableName: aws.String("checkpoints")})
	if err != nil {
		return nil, err
	}
	var rec shardRecord
	if err := dynamodbattribute.UnmarshalMap(out.Item, &rec); err != nil {
		return nil, err
	}
	if rec.OwnerID != nil && rec.LastUpdate > cutoff { // want `decides whether DynamoDB PutItem \(DynamoDB DynamoDBAPI.PutItem\) runs`
		return nil, nil
	}
	rec.OwnerID = &me
	rec.LastUpdate = time.Now().UnixNano()
	item, err := dynamodbattribute.MarshalMap(rec)
	if err != nil {
		return nil, err
	}
	if _, err := db.PutItem(&dynamodb.PutItemInput{TableName: aws.String("checkpoints"), Item: item}); err != nil {
		return nil, err
	}
	return &rec, nil
}

// Silent: a cached certificate's expiry, compared outside any acquisition;
// its eviction is a cache's, not a lock's takeover.
func (l *kvLock) cachedCert(name string) ([]byte, error) {
	e, err := l.kv.Get("certs." + name)
	if err != nil {
		return nil, err
	}
	v := e.Value()
	notAfter := time.Unix(0, int64(binary.LittleEndian.Uint64(v[:8])))
	if time.Now().After(notAfter) {
		return nil, l.kv.Delete("certs." + name)
	}
	return v[8:], nil
}

// cacheRecord has a time its writer stamped but no owner.
type cacheRecord struct {
	ShardIDs   []string
	LastUpdate int64
}

// Silent: a leader's chores skip a run when the shared cache was updated
// recently; the record names no holder, so its time is no lease's, and
// the function takes no lock.
func performLeaderActions(db dynamodbiface.DynamoDBAPI, every time.Duration) error {
	out, err := db.GetItem(&dynamodb.GetItemInput{TableName: aws.String("meta")})
	if err != nil {
		return err
	}
	var rec cacheRecord
	if err := dynamodbattribute.UnmarshalMap(out.Item, &rec); err != nil {
		return err
	}
	if time.Now().UnixNano()-rec.LastUpdate < every.Nanoseconds() {
		return nil
	}
	_, err = db.PutItem(&dynamodb.PutItemInput{TableName: aws.String("meta")})
	return err
}

// Silent: the acquisition's deadline is its own, kept with the monotonic
// reading, never read back from the store.
func (l *objectLock) Lock(ctx context.Context, ttl time.Duration) error {
	deadline := time.Now().Add(ttl)
	for time.Now().Before(deadline) {
		if err := l.tryAcquire(ctx, time.Now(), ttl); !errors.Is(err, errHeld) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errHeld
}

// Silent: an attempt count parsed from the metadata is no instant.
func (l *objectLock) tryAcquireCounted(ctx context.Context, limit int64) error {
	md, err := l.store.Metadata(ctx, l.name)
	if err != nil {
		return err
	}
	n, err := strconv.ParseInt(md["attempts"], 10, 64)
	if err != nil {
		return err
	}
	if n >= limit {
		return errHeld
	}
	return nil
}

// Silent: the acquisition only logs how stale the record is; the
// comparison decides nothing.
func (l *kvLock) LockVerbose(key string) error {
	e, err := l.kv.Get("LOCK." + key)
	if err != nil {
		return err
	}
	expires := time.Unix(0, int64(binary.LittleEndian.Uint64(e.Value())))
	if time.Now().After(expires) {
		log.Printf("lock %s expired at %v", key, expires)
	}
	_, err = l.kv.Create("LOCK."+key, e.Value())
	return err
}

// redisClient is the application's own client of Redis.
type redisClient interface {
	SetNX(ctx context.Context, key string, v any, ttlSeconds int) (bool, error)
	Get(ctx context.Context, key string) (string, error)
	GetSet(ctx context.Context, key string, v any) (string, error)
}

// RedisLock stores the holder's deadline as the lock key's value.
type RedisLock struct {
	rc  redisClient
	ttl time.Duration
}

// Reported: a waiter whose clock runs ahead takes the key over with
// GETSET while its holder still works.
func (r *RedisLock) Acquire(ctx context.Context, res string) {
	key := "Lock:" + res
	for {
		deadline := time.Now().Add(r.ttl)
		if ok, err := r.rc.SetNX(ctx, key, deadline, int(r.ttl.Seconds())); err == nil && ok {
			return
		}
		s, err := r.rc.Get(ctx, key)
		if err != nil {
			continue
		}
		old, err := time.Parse(time.RFC3339, s)
		if err != nil {
			continue
		}
		if time.Now().After(old) { // want `decides whether Acquire takes the lock over \(redisClient.GetSet of the lock record\)`
			if _, err := r.rc.GetSet(ctx, key, deadline.Format(time.RFC3339)); err == nil {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Silent: an acquisition that only remembers, in this process's memory,
// that the record looked expired; it neither refuses the lock nor writes
// the record.
func (l *kvLock) LockNoted(key string, seen *sync.Map) {
	e, err := l.kv.Get("LOCK." + key)
	if err != nil {
		return
	}
	expires := time.Unix(0, int64(binary.LittleEndian.Uint64(e.Value())))
	if time.Now().After(expires) {
		seen.Store(key, expires)
	}
}

// Reported: the same with the lease's end named as the lease's.
func (c *checkpointer) GetLeaseNamed(shard, me string) error {
	item, err := c.table.Item(shard)
	if err != nil {
		return err
	}
	currentLeaseTimeout, err := time.Parse(time.RFC3339Nano, item["LeaseTimeout"])
	if err != nil {
		return err
	}
	if time.Now().UTC().Before(currentLeaseTimeout) && item["AssignedTo"] != me { // want `decides whether GetLeaseNamed refuses the lock with an error`
		return errHeld
	}
	return nil
}
