// Package dynamov1 writes DynamoDB items with aws-sdk-go v1 under an etcd
// lock: unconditional writes are reported, compare-and-swap conditions
// (literal or built with the expression package) are not.
package dynamov1

import (
	"context"
	"strconv"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/service/dynamodb"
	"github.com/aws/aws-sdk-go/service/dynamodb/dynamodbiface"
	"github.com/aws/aws-sdk-go/service/dynamodb/expression"
	"go.etcd.io/etcd/client/v3/concurrency"
)

func Save(ctx context.Context, db dynamodbiface.DynamoDBAPI, m *concurrency.Mutex, state string) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := strconv.FormatInt(m.Header().Revision, 10)
	if _, err := db.PutItemWithContext(ctx, &dynamodb.PutItemInput{ // want "FC1001"
		TableName: aws.String("jobs"),
		Item:      map[string]*dynamodb.AttributeValue{"state": {S: aws.String(state)}},
	}); err != nil {
		return err
	}
	cond := expression.Name("fence").LessThanEqual(expression.Value(tok)).Or(expression.AttributeNotExists(expression.Name("fence")))
	expr, err := expression.NewBuilder().WithCondition(cond).Build()
	if err != nil {
		return err
	}
	_, err = db.UpdateItemWithContext(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String("jobs"),
		UpdateExpression:          aws.String("SET fence = :tok"),
		ConditionExpression:       expr.Condition(),
		ExpressionAttributeNames:  expr.Names(),
		ExpressionAttributeValues: expr.Values(),
	})
	return err
}

func SaveV(db *dynamodb.DynamoDB, ctx context.Context, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	_, err := db.UpdateItem(&dynamodb.UpdateItemInput{
		TableName:           aws.String("jobs"),
		UpdateExpression:    aws.String("SET version = version + :one"),
		ConditionExpression: aws.String("version = :v"),
	})
	return err
}
