// Package dynamolease renews shard leases kept as DynamoDB items with an
// UpdateItem conditioned on the owner, and skips the shards whose
// renewal failed its condition (another worker owns them now) as if they
// had been renewed (FC5002).
package dynamolease

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

var ErrLeaseLost = errors.New("lease lost")

// RenewLeases hides the loss of a shard.
func RenewLeases(ctx context.Context, c *dynamodb.Client, table, me string, shards []string) error {
	for _, s := range shards {
		_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName:           aws.String(table),
			Key:                 map[string]types.AttributeValue{"shard_id": &types.AttributeValueMemberS{Value: s}},
			UpdateExpression:    aws.String("SET lease_expires_at = :expires_at"),
			ConditionExpression: aws.String("lease_owner = :worker"),
		})
		if err != nil {
			var condErr *types.ConditionalCheckFailedException
			if errors.As(err, &condErr) { // want "FC5002"
				continue
			}
			return err
		}
	}
	return nil
}

// RenewLease reports the loss.
func RenewLease(ctx context.Context, c *dynamodb.Client, table, me, shard string) error {
	_, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:           aws.String(table),
		Key:                 map[string]types.AttributeValue{"shard_id": &types.AttributeValueMemberS{Value: shard}},
		UpdateExpression:    aws.String("SET lease_expires_at = :expires_at"),
		ConditionExpression: aws.String("lease_owner = :worker"),
	})
	var condErr *types.ConditionalCheckFailedException
	if errors.As(err, &condErr) {
		return ErrLeaseLost
	}
	return err
}
