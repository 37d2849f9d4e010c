// Package dynamolock is a test stub of cirello.io/dynamolock/v2@v2.0.3, signatures copied from the real source.
//
// DynamoDBClient declares a subset of its methods.
package dynamolock

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// DynamoDBClient defines the public interface that must be fulfilled for testing doubles.
type DynamoDBClient interface {
	PutItem(ctx context.Context, params *dynamodb.PutItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
}

// Client is a dynamoDB based distributed lock client.
type Client struct{}

// Lock item properly speaking.
type Lock struct{}

type ClientOption func(*Client)
type AcquireLockOption func(*acquireLockOptions)
type ReleaseLockOption func(*releaseLockOptions)

type acquireLockOptions struct{}
type releaseLockOptions struct{}

func New(dynamoDB DynamoDBClient, tableName string, opts ...ClientOption) (*Client, error) {
	return &Client{}, nil
}
func WithLeaseDuration(d time.Duration) ClientOption { return nil }

func (c *Client) AcquireLockWithContext(ctx context.Context, key string, opts ...AcquireLockOption) (*Lock, error) {
	return &Lock{}, nil
}
func (c *Client) ReleaseLockWithContext(ctx context.Context, lockItem *Lock, opts ...ReleaseLockOption) (bool, error) {
	return true, nil
}

func (l *Lock) Close() error                   { return nil }
func (l *Lock) IsExpired() bool                { return false }
func (l *Lock) IsAlmostExpired() (bool, error) { return false, nil }
