// Package dynamolease keeps shard leases as DynamoDB items (owner and
// expiry attributes), renewed by an UpdateItem conditioned on the owner.
// When another worker has taken a shard, the renewal fails with
// ConditionalCheckFailedException: that error is the loss signal.
package dynamolease

import (
	"context"
	"errors"
	"log"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

var ErrLeaseLost = errors.New("lease lost")

type Repo struct {
	c     *dynamodb.Client
	table string
}

// The condition failure is tested for and then skipped: RenewLeases
// reports success for a shard another worker owns.
func (r *Repo) RenewLeases(ctx context.Context, me string, shards []string) error {
	for _, s := range shards {
		_, err := r.c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName:           aws.String(r.table),
			Key:                 map[string]types.AttributeValue{"shard_id": &types.AttributeValueMemberS{Value: s}},
			UpdateExpression:    aws.String("SET lease_expires_at = :expires_at"),
			ConditionExpression: aws.String("lease_owner = :worker"),
		})
		if err != nil {
			var condErr *types.ConditionalCheckFailedException
			if errors.As(err, &condErr) { // want `this tests whether the lease renewal at dynamolease.go:\d+ \(DynamoDB Client.UpdateItem: SET lease_expires_at \.\.\. WHERE \.\.\. lease_owner = \?\) failed its condition \(ConditionalCheckFailedException`
				continue
			}
			return err
		}
	}
	return nil
}

// The same failure turned into "nothing to do".
func (r *Repo) renewOne(ctx context.Context, me, shard string) error {
	_, err := r.c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		UpdateExpression:    aws.String("SET heartbeat_at = :now"),
		ConditionExpression: aws.String("attribute_exists(shard_id) AND lease_owner = :me"),
	})
	var condErr *types.ConditionalCheckFailedException
	if errors.As(err, &condErr) { // want `failed its condition`
		log.Printf("shard %s: renewal refused", shard)
		return nil
	}
	return err
}

// The error only logged.
func (r *Repo) heartbeat(ctx context.Context, me string) {
	if _, err := r.c.UpdateItem(ctx, &dynamodb.UpdateItemInput{ // want `the error of this lease renewal \(DynamoDB Client.UpdateItem: SET lease_expires_at \.\.\. WHERE \.\.\. lease_owner = \?\) is only logged`
		UpdateExpression:    aws.String("SET #lease_expires_at = :t"),
		ConditionExpression: aws.String("#lease_owner = :me"),
	}); err != nil {
		log.Print(err)
	}
}

// The loss returned as such: silent.
func (r *Repo) renewChecked(ctx context.Context, me string) error {
	_, err := r.c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		UpdateExpression:    aws.String("SET lease_expires_at = :t"),
		ConditionExpression: aws.String("lease_owner = :me"),
	})
	var condErr *types.ConditionalCheckFailedException
	if errors.As(err, &condErr) {
		return ErrLeaseLost
	}
	return err
}

// A release clears the owner on the same condition and treats the
// failure as "already released": silent (no renewal).
func (r *Repo) ReleaseLease(ctx context.Context, me string) error {
	_, err := r.c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		UpdateExpression:    aws.String("SET lease_owner = :empty, lease_expires_at = :zero"),
		ConditionExpression: aws.String("lease_owner = :worker"),
	})
	var condErr *types.ConditionalCheckFailedException
	if errors.As(err, &condErr) {
		return nil
	}
	return err
}

// A checkpoint that is no renewal, its failure skipped: silent here.
func (r *Repo) checkpoint(ctx context.Context, me, seq string) error {
	_, err := r.c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		UpdateExpression:    aws.String("SET sequence_number = :seq"),
		ConditionExpression: aws.String("lease_owner = :me"),
	})
	var condErr *types.ConditionalCheckFailedException
	if errors.As(err, &condErr) {
		return nil
	}
	return err
}

// Suppressed with a reason.
func (r *Repo) renewBestEffort(ctx context.Context, me string) error {
	_, err := r.c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		UpdateExpression:    aws.String("SET lease_expires_at = :t"),
		ConditionExpression: aws.String("lease_owner = :me"),
	})
	var condErr *types.ConditionalCheckFailedException
	//lint:ignore FC5002 the shard's consumer stops at the next planner round, which re-reads the owner
	if errors.As(err, &condErr) {
		return nil
	}
	return err
}
