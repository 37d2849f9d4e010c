package dynamodb

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"
)

// Options (subset of fields).
type Options struct {
	BaseEndpoint *string
	Region       string
}

// Client provides the API client to make operations call for Amazon DynamoDB.
type Client struct {
	options Options
}

func New(options Options, optFns ...func(*Options)) *Client { return &Client{options: options} }
func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client {
	return &Client{options: Options{Region: cfg.Region}}
}

func (c *Client) PutItem(ctx context.Context, params *PutItemInput, optFns ...func(*Options)) (*PutItemOutput, error) {
	return &PutItemOutput{}, nil
}
func (c *Client) UpdateItem(ctx context.Context, params *UpdateItemInput, optFns ...func(*Options)) (*UpdateItemOutput, error) {
	return &UpdateItemOutput{}, nil
}
func (c *Client) DeleteItem(ctx context.Context, params *DeleteItemInput, optFns ...func(*Options)) (*DeleteItemOutput, error) {
	return &DeleteItemOutput{}, nil
}
func (c *Client) GetItem(ctx context.Context, params *GetItemInput, optFns ...func(*Options)) (*GetItemOutput, error) {
	return &GetItemOutput{}, nil
}
func (c *Client) TransactWriteItems(ctx context.Context, params *TransactWriteItemsInput, optFns ...func(*Options)) (*TransactWriteItemsOutput, error) {
	return &TransactWriteItemsOutput{}, nil
}
func (c *Client) BatchWriteItem(ctx context.Context, params *BatchWriteItemInput, optFns ...func(*Options)) (*BatchWriteItemOutput, error) {
	return &BatchWriteItemOutput{}, nil
}
func (c *Client) ExecuteStatement(ctx context.Context, params *ExecuteStatementInput, optFns ...func(*Options)) (*ExecuteStatementOutput, error) {
	return &ExecuteStatementOutput{}, nil
}

type PutItemInput struct {
	Item                                map[string]types.AttributeValue
	TableName                           *string
	ConditionExpression                 *string
	ConditionalOperator                 types.ConditionalOperator
	Expected                            map[string]types.ExpectedAttributeValue
	ExpressionAttributeNames            map[string]string
	ExpressionAttributeValues           map[string]types.AttributeValue
	ReturnConsumedCapacity              types.ReturnConsumedCapacity
	ReturnItemCollectionMetrics         types.ReturnItemCollectionMetrics
	ReturnValues                        types.ReturnValue
	ReturnValuesOnConditionCheckFailure types.ReturnValuesOnConditionCheckFailure
}

type PutItemOutput struct {
	Attributes            map[string]types.AttributeValue
	ConsumedCapacity      *types.ConsumedCapacity
	ItemCollectionMetrics *types.ItemCollectionMetrics
	ResultMetadata        middleware.Metadata
}

type UpdateItemInput struct {
	Key                                 map[string]types.AttributeValue
	TableName                           *string
	AttributeUpdates                    map[string]types.AttributeValueUpdate
	ConditionExpression                 *string
	ConditionalOperator                 types.ConditionalOperator
	Expected                            map[string]types.ExpectedAttributeValue
	ExpressionAttributeNames            map[string]string
	ExpressionAttributeValues           map[string]types.AttributeValue
	ReturnConsumedCapacity              types.ReturnConsumedCapacity
	ReturnItemCollectionMetrics         types.ReturnItemCollectionMetrics
	ReturnValues                        types.ReturnValue
	ReturnValuesOnConditionCheckFailure types.ReturnValuesOnConditionCheckFailure
	UpdateExpression                    *string
}

type UpdateItemOutput struct {
	Attributes            map[string]types.AttributeValue
	ConsumedCapacity      *types.ConsumedCapacity
	ItemCollectionMetrics *types.ItemCollectionMetrics
	ResultMetadata        middleware.Metadata
}

type DeleteItemInput struct {
	Key                                 map[string]types.AttributeValue
	TableName                           *string
	ConditionExpression                 *string
	ConditionalOperator                 types.ConditionalOperator
	Expected                            map[string]types.ExpectedAttributeValue
	ExpressionAttributeNames            map[string]string
	ExpressionAttributeValues           map[string]types.AttributeValue
	ReturnConsumedCapacity              types.ReturnConsumedCapacity
	ReturnItemCollectionMetrics         types.ReturnItemCollectionMetrics
	ReturnValues                        types.ReturnValue
	ReturnValuesOnConditionCheckFailure types.ReturnValuesOnConditionCheckFailure
}

type DeleteItemOutput struct {
	Attributes            map[string]types.AttributeValue
	ConsumedCapacity      *types.ConsumedCapacity
	ItemCollectionMetrics *types.ItemCollectionMetrics
	ResultMetadata        middleware.Metadata
}

type GetItemInput struct {
	Key                      map[string]types.AttributeValue
	TableName                *string
	AttributesToGet          []string
	ConsistentRead           *bool
	ExpressionAttributeNames map[string]string
	ProjectionExpression     *string
	ReturnConsumedCapacity   types.ReturnConsumedCapacity
}

type GetItemOutput struct {
	ConsumedCapacity *types.ConsumedCapacity
	Item             map[string]types.AttributeValue
	ResultMetadata   middleware.Metadata
}

type TransactWriteItemsInput struct {
	TransactItems               []types.TransactWriteItem
	ClientRequestToken          *string
	ReturnConsumedCapacity      types.ReturnConsumedCapacity
	ReturnItemCollectionMetrics types.ReturnItemCollectionMetrics
}

type TransactWriteItemsOutput struct {
	ConsumedCapacity      []types.ConsumedCapacity
	ItemCollectionMetrics map[string][]types.ItemCollectionMetrics
	ResultMetadata        middleware.Metadata
}

type BatchWriteItemInput struct {
	RequestItems                map[string][]types.WriteRequest
	ReturnConsumedCapacity      types.ReturnConsumedCapacity
	ReturnItemCollectionMetrics types.ReturnItemCollectionMetrics
}

type BatchWriteItemOutput struct {
	ConsumedCapacity      []types.ConsumedCapacity
	ItemCollectionMetrics map[string][]types.ItemCollectionMetrics
	UnprocessedItems      map[string][]types.WriteRequest
	ResultMetadata        middleware.Metadata
}

type ExecuteStatementInput struct {
	Statement                           *string
	ConsistentRead                      *bool
	Limit                               *int32
	NextToken                           *string
	Parameters                          []types.AttributeValue
	ReturnConsumedCapacity              types.ReturnConsumedCapacity
	ReturnValuesOnConditionCheckFailure types.ReturnValuesOnConditionCheckFailure
}

type ExecuteStatementOutput struct {
	ConsumedCapacity *types.ConsumedCapacity
	Items            []map[string]types.AttributeValue
	LastEvaluatedKey map[string]types.AttributeValue
	NextToken        *string
	ResultMetadata   middleware.Metadata
}
