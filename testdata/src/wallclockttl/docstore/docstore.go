// Package docstore exercises FC4001 on leases compared by a document store
// or Redis against this host's clock: a Mongo filter, a DynamoDB
// condition, a sorted-set range, a Lua script.
package docstore

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// --- MongoDB ---

type distributedLock struct {
	coll   *mongo.Collection
	lockID string
}

type lockDoc struct {
	ID      string    `bson:"_id"`
	Exp     time.Time `bson:"exp"`
	Version uint32    `bson:"v"`
}

// TryLock takes the lock document over when its expiry is before this
// host's now, and writes its own expiry from the same clock.
func (l *distributedLock) TryLock(ctx context.Context, ttl time.Duration) (bool, error) {
	deadline := time.Now().Add(ttl)
	now := time.Now()
	var doc lockDoc
	err := l.coll.FindOneAndUpdate(ctx,
		bson.M{"_id": l.lockID, "exp": bson.M{"$lt": now}}, // want `the filter of MongoDB FindOneAndUpdate takes the lease document over when its "exp" < now, and writes deadline as the new expiry, a time computed from this host's clock \(time.Now\(\)\)`
		bson.M{"$set": bson.M{"exp": deadline}, "$inc": bson.M{"v": 1}},
		options.FindOneAndUpdate().SetUpsert(true)).Decode(&doc)
	return err == nil, err
}

// sweepLocks deletes the documents of a lock collection whose expiry is
// past by this host's clock.
func sweepLocks(ctx context.Context, db *mongo.Database) error {
	_, err := db.Collection("locks").DeleteMany(ctx, bson.D{{Key: "expiresAt", Value: bson.D{{Key: "$lte", Value: time.Now()}}}}) // want `the filter of MongoDB DeleteMany compares the stored "expiresAt" with time.Now\(\) \(<=\)`
	return err
}

type jobs struct {
	coll *mongo.Collection
}

// claim uses a lease field of a job document.
func (j *jobs) claim(ctx context.Context, worker string) error {
	now := time.Now()
	filter := bson.M{"$or": bson.A{
		bson.M{"lockedUntil": bson.M{"$lt": now}}, // want `the filter of MongoDB UpdateOne takes the lease document over when its "lockedUntil" < now, and writes now.Add\(time.Minute\) as the new expiry`
		bson.M{"lockedUntil": nil},
	}}
	_, err := j.coll.UpdateOne(ctx, filter, bson.M{"$set": bson.M{"worker": worker, "lockedUntil": now.Add(time.Minute)}})
	return err
}

// Silent: a cache collection, no lease.
type pageCache struct {
	coll *mongo.Collection
}

func (c *pageCache) refresh(ctx context.Context, key, body string, ttl time.Duration) error {
	now := time.Now()
	_, err := c.coll.UpdateOne(ctx,
		bson.M{"_id": key, "expireAt": bson.M{"$lt": now}},
		bson.M{"$set": bson.M{"body": body, "expireAt": now.Add(ttl)}})
	return err
}

// Silent: the server's clock decides ($$NOW).
func (l *distributedLock) tryLockServerClock(ctx context.Context) error {
	err := l.coll.FindOneAndUpdate(ctx,
		bson.M{"_id": l.lockID, "$expr": bson.M{"$lt": bson.A{"$exp", "$$NOW"}}},
		bson.A{bson.M{"$set": bson.M{"exp": bson.M{"$add": bson.A{"$$NOW", 120000}}}}}).Err()
	return err
}

// Silent: a read of a lock collection for a status page.
func activeLocks(ctx context.Context, db *mongo.Database) (int, error) {
	cur, err := db.Collection("locks").Find(ctx, bson.M{"expiresAt": bson.M{"$gt": time.Now()}})
	if err != nil {
		return 0, err
	}
	n := 0
	for cur.Next(ctx) {
		n++
	}
	return n, cur.Err()
}

// --- DynamoDB ---

const lockTable = "AppLockTable"

type dynamoLock struct {
	client *dynamodb.Client
}

// Lock takes the item over when its RFC 3339 timeout is before this host's
// now.
func (d *dynamoLock) Lock(ctx context.Context, resource string, ttl time.Duration) (bool, error) {
	now := time.Now().Format(time.RFC3339)
	newTimeout := time.Now().Add(ttl).Format(time.RFC3339)
	expr, err := expression.NewBuilder().
		WithCondition(expression.Or(
			expression.AttributeNotExists(expression.Name("SK")),
			expression.LessThan(expression.Name("timeout"), expression.Value(now)), // want `the DynamoDB condition takes the lease item over when its "timeout" < now, and the update writes newTimeout as the new expiry, a time computed from this host's clock \(time.Now\(\)\)`
		)).
		WithUpdate(expression.Set(expression.Name("timeout"), expression.Value(newTimeout))).
		Build()
	if err != nil {
		return false, err
	}
	_, err = d.client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String(lockTable),
		Key:                       map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: resource}},
		ConditionExpression:       expr.Condition(),
		ExpressionAttributeNames:  expr.Names(),
		ExpressionAttributeValues: expr.Values(),
		UpdateExpression:          expr.Update(),
	})
	return err == nil, err
}

// acquire writes the condition as text; the table is a lock table.
func acquire(ctx context.Context, client *dynamodb.Client, name, owner string, ttl time.Duration) error {
	now := time.Now()
	_, err := client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:                aws.String("leases"),
		ConditionExpression:      aws.String("attribute_not_exists(pk) OR #exp < :now"), // want `the DynamoDB ConditionExpression takes the lease item over when its "expires_at" < :now \(bound to strconv.FormatInt\(now.Unix\(\), 10\)\), and the write stores strconv.FormatInt\(now.Add\(ttl\).Unix\(\), 10\) as the new expiry`
		ExpressionAttributeNames: map[string]string{"#exp": "expires_at"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Unix(), 10)},
		},
		Item: map[string]types.AttributeValue{
			"pk":         &types.AttributeValueMemberS{Value: name},
			"owner":      &types.AttributeValueMemberS{Value: owner},
			"expires_at": &types.AttributeValueMemberN{Value: strconv.FormatInt(now.Add(ttl).Unix(), 10)},
		},
	})
	return err
}

// Silent: a cache table's expiry.
func cacheGet(ctx context.Context, client *dynamodb.Client, key string) error {
	_, err := client.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName:           aws.String("page-cache"),
		Key:                 map[string]types.AttributeValue{"k": &types.AttributeValueMemberS{Value: key}},
		ConditionExpression: aws.String("expires_at < :now"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": &types.AttributeValueMemberN{Value: strconv.FormatInt(time.Now().Unix(), 10)},
		},
	})
	return err
}

// Silent: a fencing counter compared, not a time.
func (d *dynamoLock) fenced(ctx context.Context, tok int64) error {
	cond := expression.Name("fence").LessThanEqual(expression.Value(tok))
	expr, err := expression.NewBuilder().WithCondition(cond).Build()
	if err != nil {
		return err
	}
	_, err = d.client.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(lockTable), ConditionExpression: expr.Condition()})
	return err
}

// --- Redis ---

var errBusy = errors.New("semaphore full")

// acquireSemaphore is the sorted-set semaphore: members scored with the
// clocks of the hosts that added them, expired with this host's.
func acquireSemaphore(ctx context.Context, rdb *redis.Client, id string, timeout time.Duration, limit int64) error {
	now := time.Now()
	stale := strconv.FormatInt(now.Add(-timeout).UnixMilli(), 10)
	rdb.ZRemRangeByScore(ctx, "semaphore:lock:reports", "-inf", stale) // want `go-redis ZRemRangeByScore on the lock key selects members by a score written with the clock of the host that added them, against stale`
	rdb.ZAdd(ctx, "semaphore:lock:reports", redis.Z{Score: float64(now.UnixMilli()), Member: id})
	n, err := rdb.ZCount(ctx, "semaphore:lock:reports", "-inf", "+inf").Result()
	if err != nil {
		return err
	}
	if n > limit {
		return errBusy
	}
	return nil
}

var takeScript = redis.NewScript(`
local exp = tonumber(redis.call("GET", KEYS[1]) or "0")
local now = tonumber(ARGV[1])
if exp < now then
  redis.call("SET", KEYS[1], ARGV[2])
  return 1
end
return 0`)

// takeOver compares the stored expiry with this host's time inside Lua.
func takeOver(ctx context.Context, rdb *redis.Client, ttl time.Duration) (bool, error) {
	now := time.Now()
	n, err := takeScript.Run(ctx, rdb, []string{"lock:reports:exp"},
		now.UnixMilli(), // want `the Lua script compares ARGV\[1\] on the lock key with a value another host stored, and ARGV\[1\] is now.UnixMilli\(\)`
		now.Add(ttl).UnixMilli()).Int()
	return n == 1, err
}

// Silent: a delayed-job queue scheduled by time, not a lock.
func due(ctx context.Context, rdb *redis.Client) error {
	return rdb.ZRemRangeByScore(ctx, "jobs:scheduled", "-inf", strconv.FormatInt(time.Now().Unix(), 10)).Err()
}

// Silent: the script reads the server's clock.
var serverClock = redis.NewScript(`
local t = redis.call("TIME")
local exp = tonumber(redis.call("GET", KEYS[1]) or "0")
if exp < tonumber(t[1]) then return redis.call("SET", KEYS[1], ARGV[1]) end
return 0`)

func takeOverServerClock(ctx context.Context, rdb *redis.Client, me string) error {
	return serverClock.Run(ctx, rdb, []string{"lock:reports:exp"}, me).Err()
}

// Silent: renewing a live session extends it (exp > now); the function's
// name says renew, but nothing is taken over.
type sessions struct {
	coll *mongo.Collection
}

func (s *sessions) renewSession(ctx context.Context, id string, ttl time.Duration) error {
	now := time.Now()
	_, err := s.coll.UpdateOne(ctx,
		bson.M{"_id": id, "expiresAt": bson.M{"$gt": now}},
		bson.M{"$set": bson.M{"expiresAt": now.Add(ttl)}})
	return err
}
