// Package docstores exercises FC1001 with DynamoDB and MongoDB.
package docstores

import (
	"context"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"go.etcd.io/etcd/client/v3/concurrency"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

func dynamo(ctx context.Context, c *dynamodb.Client, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := strconv.FormatInt(m.Header().Revision, 10)
	c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("jobs")}) // want `DynamoDB PutItem .*no ConditionExpression`
	_, err := c.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:                 aws.String("jobs"),
		ConditionExpression:       aws.String("attribute_not_exists(fence) OR fence <= :tok"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":tok": &types.AttributeValueMemberN{Value: tok}},
	})
	c.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{}) // want `DynamoDB BatchWriteItem .*BatchWriteItem cannot carry a condition`
	return err
}

func mongoWrites(ctx context.Context, coll *mongo.Collection, m *concurrency.Mutex, id int) {
	if err := m.Lock(ctx); err != nil {
		return
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	coll.UpdateOne(ctx, bson.M{"_id": 1}, bson.M{"$set": bson.M{"state": "x"}})                               // want `MongoDB UpdateOne .*its filter does not compare`
	coll.UpdateOne(ctx, bson.M{"_id": 1, "fence": bson.M{"$lte": tok}}, bson.M{"$set": bson.M{"fence": tok}}) // fenced
	coll.InsertOne(ctx, bson.M{"state": "x"})                                                                 // want `MongoDB InsertOne`
	coll.FindOne(ctx, bson.M{"_id": 1})                                                                       // a read
	// An absolute write: every holder resets the same counters of every
	// document to 0.
	coll.UpdateMany(ctx, bson.M{}, bson.M{"$set": bson.M{"usage.count": 0, "usage.sms": 0}})
	coll.UpdateMany(ctx, bson.D{}, bson.D{{Key: "$set", Value: bson.D{{Key: "usage.count", Value: 0}}}})
	// Not absolute: an increment, a value from elsewhere, a filter.
	coll.UpdateMany(ctx, bson.M{}, bson.M{"$inc": bson.M{"usage.count": 1}})            // want `MongoDB UpdateMany`
	coll.UpdateMany(ctx, bson.M{}, bson.M{"$set": bson.M{"usage.count": id}})           // want `MongoDB UpdateMany`
	coll.UpdateMany(ctx, bson.M{"plan": "free"}, bson.M{"$set": bson.M{"quota": 10}})   // want `MongoDB UpdateMany`
	coll.UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": bson.M{"state": "building"}}) // want `MongoDB UpdateOne`
	coll.DeleteMany(ctx, bson.M{"state": "done"})                                       // want `MongoDB DeleteMany`
}

// The condition built with the expression package carries the token too.
func dynamoBuilder(ctx context.Context, c *dynamodb.Client, m *concurrency.Mutex) error {
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	cond := expression.Name("fence").LessThanEqual(expression.Value(m.Header().Revision))
	expr, err := expression.NewBuilder().WithCondition(cond).Build()
	if err != nil {
		return err
	}
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:                 aws.String("jobs"),
		ConditionExpression:       expr.Condition(),
		ExpressionAttributeNames:  expr.Names(),
		ExpressionAttributeValues: expr.Values(),
	})
	return err
}
