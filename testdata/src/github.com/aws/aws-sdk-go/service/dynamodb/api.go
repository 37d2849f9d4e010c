// Package dynamodb is a test stub of github.com/aws/aws-sdk-go@v1.55.8 (service/dynamodb), signatures copied from the real source.
//
// The inputs carry the fields the tests set.
package dynamodb

import (
	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/request"
)

// DynamoDB provides the API operation methods for making requests to DynamoDB.
type DynamoDB struct{}

// AttributeValue represents the data for an attribute.
type AttributeValue struct {
	N *string
	S *string
}

// ExpectedAttributeValue represents a condition to be compared with an attribute value (legacy).
type ExpectedAttributeValue struct {
	Exists *bool
	Value  *AttributeValue
}

type PutItemInput struct {
	ConditionExpression       *string
	Expected                  map[string]*ExpectedAttributeValue
	ExpressionAttributeNames  map[string]*string
	ExpressionAttributeValues map[string]*AttributeValue
	Item                      map[string]*AttributeValue
	TableName                 *string
}

type UpdateItemInput struct {
	ConditionExpression       *string
	Expected                  map[string]*ExpectedAttributeValue
	ExpressionAttributeNames  map[string]*string
	ExpressionAttributeValues map[string]*AttributeValue
	Key                       map[string]*AttributeValue
	TableName                 *string
	UpdateExpression          *string
}

type DeleteItemInput struct {
	ConditionExpression       *string
	Expected                  map[string]*ExpectedAttributeValue
	ExpressionAttributeNames  map[string]*string
	ExpressionAttributeValues map[string]*AttributeValue
	Key                       map[string]*AttributeValue
	TableName                 *string
}

type GetItemInput struct {
	Key       map[string]*AttributeValue
	TableName *string
}

type BatchWriteItemInput struct{}

type PutItemOutput struct{}
type UpdateItemOutput struct{}
type DeleteItemOutput struct{}
type GetItemOutput struct {
	Item map[string]*AttributeValue
}
type BatchWriteItemOutput struct{}

func (c *DynamoDB) PutItem(input *PutItemInput) (*PutItemOutput, error) { return nil, nil }
func (c *DynamoDB) PutItemWithContext(ctx aws.Context, input *PutItemInput, opts ...request.Option) (*PutItemOutput, error) {
	return nil, nil
}
func (c *DynamoDB) UpdateItem(input *UpdateItemInput) (*UpdateItemOutput, error) { return nil, nil }
func (c *DynamoDB) UpdateItemWithContext(ctx aws.Context, input *UpdateItemInput, opts ...request.Option) (*UpdateItemOutput, error) {
	return nil, nil
}
func (c *DynamoDB) DeleteItem(input *DeleteItemInput) (*DeleteItemOutput, error) { return nil, nil }
func (c *DynamoDB) DeleteItemWithContext(ctx aws.Context, input *DeleteItemInput, opts ...request.Option) (*DeleteItemOutput, error) {
	return nil, nil
}
func (c *DynamoDB) GetItem(input *GetItemInput) (*GetItemOutput, error) { return nil, nil }
func (c *DynamoDB) BatchWriteItem(input *BatchWriteItemInput) (*BatchWriteItemOutput, error) {
	return nil, nil
}
