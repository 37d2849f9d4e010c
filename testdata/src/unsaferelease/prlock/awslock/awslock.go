// Package awslock is a lock type over a DynamoDB item, as digger's
// libs/locking/aws DynamoDbLock.
package awslock

import (
	"context"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

const tableName = "DiggerDynamoDBLockTable"

type DynamoDbLock struct {
	DynamoDb *dynamodb.Client
}

func key(resource string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "LOCK"},
		"SK": &types.AttributeValueMemberS{Value: "RES#" + resource},
	}
}

func (l *DynamoDbLock) Lock(transactionID int, resource string) (bool, error) {
	_, err := l.DynamoDb.PutItem(context.Background(), &dynamodb.PutItemInput{
		TableName:           aws.String(tableName),
		Item:                key(resource),
		ConditionExpression: aws.String("attribute_not_exists(PK)"),
	})
	return err == nil, err
}

// Unlock deletes the item whoever holds it.
func (l *DynamoDbLock) Unlock(resource string) (bool, error) {
	input := &dynamodb.DeleteItemInput{
		TableName: aws.String(tableName),
		Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: "LOCK"},
			"SK": &types.AttributeValueMemberS{Value: "RES#" + resource},
		},
	}
	_, err := l.DynamoDb.DeleteItem(context.Background(), input)
	return err == nil, err
}

// GetLock returns the transaction holding the lock.
func (l *DynamoDbLock) GetLock(resource string) (*int, error) {
	result, err := l.DynamoDb.GetItem(context.Background(), &dynamodb.GetItemInput{
		TableName:      aws.String(tableName),
		Key:            key(resource),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil || result.Item == nil {
		return nil, err
	}
	id, err := strconv.Atoi(result.Item["transaction_id"].(*types.AttributeValueMemberS).Value)
	if err != nil {
		return nil, err
	}
	return &id, nil
}
