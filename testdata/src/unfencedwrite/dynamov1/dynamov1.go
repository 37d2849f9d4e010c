// Package dynamov1 exercises FC1001 with aws-sdk-go v1's DynamoDB client
// (and its dynamodbiface), condition expressions as literals and built
// with the expression package, and cirello.io/dynamolock's lock.
package dynamov1

import (
	"context"
	"strconv"

	"cirello.io/dynamolock"
	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/service/dynamodb"
	"github.com/aws/aws-sdk-go/service/dynamodb/dynamodbiface"
	"github.com/aws/aws-sdk-go/service/dynamodb/expression"
	"go.etcd.io/etcd/client/v3/concurrency"
)

func v1Writes(ctx context.Context, db *dynamodb.DynamoDB, api dynamodbiface.DynamoDBAPI, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := strconv.FormatInt(m.Header().Revision, 10)
	db.PutItem(&dynamodb.PutItemInput{TableName: aws.String("jobs")})                                                                 // want `DynamoDB PutItem .*no ConditionExpression`
	api.UpdateItemWithContext(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("jobs")})                                          // want `DynamoDB UpdateItemWithContext`
	api.DeleteItem(&dynamodb.DeleteItemInput{TableName: aws.String("jobs"), ConditionExpression: aws.String("attribute_exists(pk)")}) // want `DynamoDB DeleteItem`
	// The token compared in the condition.
	if _, err := db.PutItemWithContext(ctx, &dynamodb.PutItemInput{
		TableName:                 aws.String("jobs"),
		ConditionExpression:       aws.String("attribute_not_exists(fence) OR fence <= :tok"),
		ExpressionAttributeValues: map[string]*dynamodb.AttributeValue{":tok": {N: aws.String(tok)}},
	}); err != nil {
		return err
	}
	// A compare-and-swap on the item's own version: the store rejects a
	// writer that has not seen the latest version.
	if _, err := api.UpdateItem(&dynamodb.UpdateItemInput{
		TableName:           aws.String("jobs"),
		UpdateExpression:    aws.String("SET #s = :s, version = version + 1"),
		ConditionExpression: aws.String("version = :v"),
	}); err != nil {
		return err
	}
	// Create only when absent.
	if _, err := api.PutItem(&dynamodb.PutItemInput{TableName: aws.String("jobs"), ConditionExpression: aws.String("attribute_not_exists(pk)")}); err != nil {
		return err
	}
	// Legacy Expected conditions.
	_, err := db.DeleteItem(&dynamodb.DeleteItemInput{TableName: aws.String("jobs"), Expected: map[string]*dynamodb.ExpectedAttributeValue{"owner": {}}})
	return err
}

func v1Builder(ctx context.Context, api dynamodbiface.DynamoDBAPI, m *concurrency.Mutex, version int) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	cond := expression.Name("version").Equal(expression.Value(version))
	expr, err := expression.NewBuilder().WithCondition(cond).Build()
	if err != nil {
		return err
	}
	if _, err := api.PutItem(&dynamodb.PutItemInput{TableName: aws.String("jobs"), ConditionExpression: expr.Condition(), ExpressionAttributeValues: expr.Values()}); err != nil {
		return err
	}
	exists, _ := expression.NewBuilder().WithCondition(expression.AttributeExists(expression.Name("pk"))).Build()
	_, err = api.PutItem(&dynamodb.PutItemInput{TableName: aws.String("jobs"), ConditionExpression: exists.Condition()}) // want `DynamoDB PutItem`
	return err
}

// dynamolock's lock: the section runs from AcquireLock to ReleaseLock or
// Close, whichever names the lock.
func dynamolockSection(c *dynamolock.Client, api dynamodbiface.DynamoDBAPI) error {
	lock, err := c.AcquireLock("reports")
	if err != nil {
		return err
	}
	api.PutItem(&dynamodb.PutItemInput{TableName: aws.String("reports")}) // want `DynamoDB PutItem .*under the dynamolock lock.*record version number is a random string`
	if _, err := c.ReleaseLock(lock); err != nil {
		return err
	}
	api.PutItem(&dynamodb.PutItemInput{TableName: aws.String("after")}) // released
	return nil
}

func dynamolockClose(ctx context.Context, c *dynamolock.Client, api dynamodbiface.DynamoDBAPI) error {
	lock, err := c.AcquireLockWithContext(ctx, "reports")
	if err != nil {
		return err
	}
	defer lock.Close()
	//lint:ignore FC1001 the report table is rebuilt by the next holder
	api.PutItem(&dynamodb.PutItemInput{TableName: aws.String("reports")})
	_, err = api.PutItemWithContext(ctx, &dynamodb.PutItemInput{TableName: aws.String("reports")}) // want `DynamoDB PutItemWithContext`
	return err
}
