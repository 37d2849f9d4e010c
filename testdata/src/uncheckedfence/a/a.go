// Package a exercises FC1002: fenced writes whose outcome is ignored.
package a

import (
	"context"
	"database/sql"
	"errors"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale")

func sqlOutcome(ctx context.Context, db *sql.DB, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	_, err := db.ExecContext(ctx, `UPDATE t SET v = 1, fence = $1 WHERE id = 2 AND fence <= $1`, tok) // want `UPDATE t .* carries the fencing token but its outcome is never checked.*RowsAffected\(\)`
	if err != nil {
		return err
	}
	res, err := db.ExecContext(ctx, `UPDATE t SET v = 2, fence = $1 WHERE id = 2 AND fence <= $1`, tok)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errStale
	}
	return nil
}

func passOn(ctx context.Context, db *sql.DB, m *concurrency.Mutex) (sql.Result, error) {
	if err := m.Lock(ctx); err != nil {
		return nil, err
	}
	defer m.Unlock(ctx)
	return db.ExecContext(ctx, `UPDATE t SET v = 3 WHERE fence <= $1`, m.Header().Revision) // returned: the caller checks
}

func txnOutcome(ctx context.Context, cli *clientv3.Client, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	if _, err := cli.Txn(ctx).If(m.IsOwner()).Then(clientv3.OpPut("k", "v")).Commit(); err != nil { // want `etcd transaction .*read Succeeded`
		return err
	}
	resp, err := cli.Txn(ctx).If(m.IsOwner()).Then(clientv3.OpPut("k", "v")).Commit()
	if err != nil {
		return err
	}
	if !resp.Succeeded {
		return errStale
	}
	//lint:ignore FC1002 best-effort cache refresh
	cli.Txn(ctx).If(m.IsOwner()).Then(clientv3.OpPut("cache", "v")).Commit()
	return nil
}

func docOutcomes(ctx context.Context, coll *mongo.Collection, c *dynamodb.Client, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	coll.UpdateOne(ctx, bson.M{"_id": 1, "fence": bson.M{"$lte": tok}}, bson.M{"$set": bson.M{"fence": tok}}) // want `MongoDB UpdateOne .*read MatchedCount`
	res, err := coll.UpdateOne(ctx, bson.M{"_id": 2, "fence": bson.M{"$lte": tok}}, bson.M{"$set": bson.M{"fence": tok}})
	if err != nil || res.MatchedCount != 1 {
		return errStale
	}
	in := &dynamodb.PutItemInput{ConditionExpression: aws.String("fence <= :f"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":f": &types.AttributeValueMemberN{Value: strconv.FormatInt(tok, 10)}}}
	c.PutItem(ctx, in) // want `DynamoDB PutItem .*read the error`
	if _, err := c.PutItem(ctx, in); err != nil {
		return err
	}
	return nil
}
