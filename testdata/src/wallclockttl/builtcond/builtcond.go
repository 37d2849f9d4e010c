// Package builtcond exercises FC4001 on lease conditions a store
// evaluates, when the condition is not written out at the call: a
// DynamoDB ConditionExpression built with fmt.Sprintf from constant
// attribute names, and a MongoDB filter built by a helper that also
// pins the owner (a lease record: owner plus a stamp).
package builtcond

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

const (
	pkAttr      = "PrimaryKey"
	ownerAttr   = "Owner"
	expiresAttr = "ExpiresAt"
)

type store struct {
	client *dynamodb.Client
	table  string
}

// Lock takes the item over when its stored expiry is older than this
// host's clock: the condition text is built with Sprintf.
func (s *store) Lock(ctx context.Context, key, owner string, ttl time.Duration) error {
	expiresAt := time.Now().Add(ttl).Unix()
	_, err := s.client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(s.table),
		Item: map[string]types.AttributeValue{
			pkAttr:      &types.AttributeValueMemberS{Value: key},
			ownerAttr:   &types.AttributeValueMemberS{Value: owner},
			expiresAttr: &types.AttributeValueMemberN{Value: fmt.Sprintf("%d", expiresAt)},
		},
		ConditionExpression: aws.String(fmt.Sprintf("attribute_not_exists(%s) OR %s < :now", pkAttr, expiresAttr)), // want `the DynamoDB ConditionExpression takes the lease item over when its "ExpiresAt" < :now \(bound to fmt.Sprintf\("%d", time.Now\(\).Unix\(\)\)\)`
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": &types.AttributeValueMemberN{Value: fmt.Sprintf("%d", time.Now().Unix())},
		},
	})
	return err
}

// Silent: a cache entry's expiry, built the same way, in no lock.
func (s *store) refreshCache(ctx context.Context, key, body string) error {
	_, err := s.client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(s.table),
		Item: map[string]types.AttributeValue{
			pkAttr: &types.AttributeValueMemberS{Value: key},
			"Body": &types.AttributeValueMemberS{Value: body},
		},
		ConditionExpression: aws.String(fmt.Sprintf("attribute_not_exists(%s) OR %s < :now", pkAttr, "CachedAt")),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": &types.AttributeValueMemberN{Value: fmt.Sprintf("%d", time.Now().Unix())},
		},
	})
	return err
}

// --- MongoDB: a job queue's lease kept in the job document ---

type queue struct {
	coll     *mongo.Collection
	instance string
	timeout  time.Duration
}

// claimQuery is a lease record's condition: unowned or stale by this
// host's clock, or owned by this instance.
func (q *queue) claimQuery(id string) bson.M {
	staleBefore := time.Now().Add(-q.timeout)
	stale := bson.M{"status.mod_ts": bson.M{"$lte": staleBefore}} // want `the MongoDB filter takes the lease record over when its "status.mod_ts" <= staleBefore`
	mine := bson.M{"status.owner": q.instance, "status.mod_ts": bson.M{"$gt": staleBefore}}
	return bson.M{"_id": id, "$or": []any{stale, mine}}
}

func (q *queue) claim(ctx context.Context, id string) error {
	_, err := q.coll.UpdateOne(ctx, q.claimQuery(id), bson.M{"$set": bson.M{"status.owner": q.instance, "status.mod_ts": time.Now()}})
	return err
}

// Silent: a retention filter with no owner, in no lock.
func (q *queue) expired() bson.M {
	return bson.M{"created_at": bson.M{"$lte": time.Now().Add(-24 * time.Hour)}}
}

// Silent: the same lease-record filter, used only to list stale jobs
// (a read): nothing is taken over.
func (q *queue) staleQuery() bson.M {
	return bson.M{"status.owner": bson.M{"$ne": ""}, "status.mod_ts": bson.M{"$lte": time.Now().Add(-q.timeout)}}
}

func (q *queue) listStale(ctx context.Context) error {
	_, err := q.coll.Find(ctx, q.staleQuery())
	return err
}

// Suppressed: the same takeover, with a reason.
func (q *queue) reapQuery(id string) bson.M {
	//lint:ignore FC4001 every instance runs on the same host
	stale := bson.M{"status.mod_ts": bson.M{"$lte": time.Now().Add(-q.timeout)}}
	return bson.M{"_id": id, "$or": []any{stale, bson.M{"status.owner": q.instance}}}
}

func (q *queue) reap(ctx context.Context, id string) error {
	_, err := q.coll.ReplaceOne(ctx, q.reapQuery(id), bson.M{"status": bson.M{"owner": q.instance}})
	return err
}
