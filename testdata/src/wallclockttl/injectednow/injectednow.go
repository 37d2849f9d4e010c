// Package injectednow claims DynamoDB lease items with a condition bound
// to a time the caller passes in (now time.Time: an injected clock, read
// by the caller on its host). DynamoDB evaluates no clock of its own in a
// condition, so the stored expiry, written with the holder's clock, is
// compared with the claimant's. The package's test passes a fixed instant,
// which says nothing of what the program passes.
package injectednow

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

type Repo struct {
	client *dynamodb.Client
	table  string
}

func (r *Repo) ClaimLease(ctx context.Context, shard, worker string, now, expiresAt time.Time) error {
	_, err := r.client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:           aws.String(r.table),
		Key:                 map[string]types.AttributeValue{"shard_id": &types.AttributeValueMemberS{Value: shard}},
		UpdateExpression:    aws.String("SET lease_owner = :worker, lease_expires_at = :exp"),
		ConditionExpression: aws.String("attribute_not_exists(lease_owner) OR lease_owner = :worker OR lease_expires_at <= :now"), // want `the DynamoDB ConditionExpression compares the stored "lease_expires_at" with :now, bound to fmt.Sprintf\("%d", now.UnixMilli\(\)\) \(<=\), a time computed from this host's clock \(now \(a parameter: the caller's reading of its clock\)\)`
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":worker": &types.AttributeValueMemberS{Value: worker},
			":now":    &types.AttributeValueMemberN{Value: fmt.Sprintf("%d", now.UnixMilli())},
			":exp":    &types.AttributeValueMemberN{Value: fmt.Sprintf("%d", expiresAt.UnixMilli())},
		},
	})
	return err
}

// Silent: the caller passes the version it read; an equality on a
// version is a compare-and-swap, no clock.
func (r *Repo) Renew(ctx context.Context, shard, worker string, version int64) error {
	_, err := r.client.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:           aws.String(r.table),
		Key:                 map[string]types.AttributeValue{"shard_id": &types.AttributeValueMemberS{Value: shard}},
		UpdateExpression:    aws.String("SET lease_version = lease_version + :one"),
		ConditionExpression: aws.String("lease_owner = :worker AND lease_version = :v"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":worker": &types.AttributeValueMemberS{Value: worker},
			":v":      &types.AttributeValueMemberN{Value: fmt.Sprintf("%d", version)},
			":one":    &types.AttributeValueMemberN{Value: "1"},
		},
	})
	return err
}

// Silent: a cutoff passed in for a retention sweep of a table with no
// lease in it.
func (r *Repo) Sweep(ctx context.Context, key string, cutoff time.Time) error {
	_, err := r.client.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		TableName:           aws.String(r.table),
		Key:                 map[string]types.AttributeValue{"pk": &types.AttributeValueMemberS{Value: key}},
		ConditionExpression: aws.String("created_at < :cutoff"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":cutoff": &types.AttributeValueMemberN{Value: fmt.Sprintf("%d", cutoff.Unix())},
		},
	})
	return err
}
