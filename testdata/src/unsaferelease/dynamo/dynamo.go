// Package dynamo exercises FC5001 with a lock item in DynamoDB released
// after a read and a compare in Go, as terraform's S3 backend does.
package dynamo

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

type LockInfo struct {
	ID   string
	Who  string
	Path string
}

type RemoteClient struct {
	dynClient *dynamodb.Client
	ddbTable  string
	path      string
}

func (c *RemoteClient) lockPath() string { return c.path }

func (c *RemoteClient) lock(ctx context.Context, info *LockInfo) error {
	data, _ := json.Marshal(info)
	_, err := c.dynClient.PutItem(ctx, &dynamodb.PutItemInput{
		Item: map[string]types.AttributeValue{
			"LockID": &types.AttributeValueMemberS{Value: c.lockPath()},
			"Info":   &types.AttributeValueMemberS{Value: string(data)},
		},
		TableName:           aws.String(c.ddbTable),
		ConditionExpression: aws.String("attribute_not_exists(LockID)"),
	})
	return err
}

func (c *RemoteClient) getLockInfo(ctx context.Context) (*LockInfo, error) {
	resp, err := c.dynClient.GetItem(ctx, &dynamodb.GetItemInput{
		Key: map[string]types.AttributeValue{
			"LockID": &types.AttributeValueMemberS{Value: c.lockPath()},
		},
		TableName: aws.String(c.ddbTable),
	})
	if err != nil {
		return nil, err
	}
	var infoData string
	if v, ok := resp.Item["Info"]; ok {
		if v, ok := v.(*types.AttributeValueMemberS); ok {
			infoData = v.Value
		}
	}
	info := &LockInfo{}
	return info, json.Unmarshal([]byte(infoData), info)
}

// Read, compare in Go, delete with no condition.
func (c *RemoteClient) unlock(ctx context.Context, id string) error {
	lockInfo, err := c.getLockInfo(ctx)
	if err != nil {
		return err
	}
	if lockInfo.ID != id {
		return fmt.Errorf("lock ID %q does not match existing lock (%q)", id, lockInfo.ID)
	}
	params := &dynamodb.DeleteItemInput{
		Key: map[string]types.AttributeValue{
			"LockID": &types.AttributeValueMemberS{Value: c.lockPath()},
		},
		TableName: aws.String(c.ddbTable),
	}
	_, err = c.dynClient.DeleteItem(ctx, params) // want `DynamoDB DeleteItem of the item LockID with no ConditionExpression after the lock record was read \(at dynamo.go:\d+\) and its owner compared in Go \(at dynamo.go:\d+\): the two steps are not atomic.*ConditionExpression`
	return err
}

// The read inline, the compare deciding the delete.
func (c *RemoteClient) release(ctx context.Context, owner string) error {
	resp, err := c.dynClient.GetItem(ctx, &dynamodb.GetItemInput{
		Key:       map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "LOCK#" + c.path}},
		TableName: aws.String(c.ddbTable),
	})
	if err != nil {
		return err
	}
	holder := resp.Item["owner"].(*types.AttributeValueMemberS).Value
	if holder == owner {
		_, err = c.dynClient.DeleteItem(ctx, &dynamodb.DeleteItemInput{ // want `DynamoDB DeleteItem of the item PK with no ConditionExpression after the lock record was read`
			Key:       map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "LOCK#" + c.path}},
			TableName: aws.String(c.ddbTable),
		})
	}
	return err
}

// --- must stay silent ---

// The owner check is in the delete itself.
func (c *RemoteClient) unlockConditional(ctx context.Context, id string) error {
	lockInfo, err := c.getLockInfo(ctx)
	if err != nil {
		return err
	}
	if lockInfo.ID != id {
		return fmt.Errorf("not our lock")
	}
	_, err = c.dynClient.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		Key:                       map[string]types.AttributeValue{"LockID": &types.AttributeValueMemberS{Value: c.lockPath()}},
		TableName:                 aws.String(c.ddbTable),
		ConditionExpression:       aws.String("Info = :info"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":info": &types.AttributeValueMemberS{Value: id}},
	})
	return err
}

// A delete with no read before it: a cleanup, not judged.
func (c *RemoteClient) deleteDigest(ctx context.Context) error {
	_, err := c.dynClient.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		Key:       map[string]types.AttributeValue{"LockID": &types.AttributeValueMemberS{Value: c.lockPath() + "-md5"}},
		TableName: aws.String(c.ddbTable),
	})
	return err
}

// A nil check is no owner compare; a cache item is no lock.
func (c *RemoteClient) dropIfPresent(ctx context.Context, key string) error {
	resp, err := c.dynClient.GetItem(ctx, &dynamodb.GetItemInput{
		Key:       map[string]types.AttributeValue{"LockID": &types.AttributeValueMemberS{Value: c.lockPath()}},
		TableName: aws.String(c.ddbTable),
	})
	if err != nil || resp.Item == nil {
		return err
	}
	_, err = c.dynClient.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		Key:       map[string]types.AttributeValue{"LockID": &types.AttributeValueMemberS{Value: c.lockPath()}},
		TableName: aws.String(c.ddbTable),
	})
	return err
}

func (c *RemoteClient) evictCache(ctx context.Context, key, etag string) error {
	resp, err := c.dynClient.GetItem(ctx, &dynamodb.GetItemInput{
		Key:       map[string]types.AttributeValue{"CacheKey": &types.AttributeValueMemberS{Value: key}},
		TableName: aws.String("cache"),
	})
	if err != nil {
		return err
	}
	if resp.Item["etag"].(*types.AttributeValueMemberS).Value != etag {
		_, err = c.dynClient.DeleteItem(ctx, &dynamodb.DeleteItemInput{
			Key:       map[string]types.AttributeValue{"CacheKey": &types.AttributeValueMemberS{Value: key}},
			TableName: aws.String("cache"),
		})
	}
	return err
}

// --- suppressed ---

func (c *RemoteClient) forceUnlock(ctx context.Context, id string) error {
	lockInfo, err := c.getLockInfo(ctx)
	if err != nil || lockInfo.ID != id {
		return err
	}
	//lint:ignore FC5001 the operator confirmed the lock ID interactively
	_, err = c.dynClient.DeleteItem(ctx, &dynamodb.DeleteItemInput{
		Key:       map[string]types.AttributeValue{"LockID": &types.AttributeValueMemberS{Value: c.lockPath()}},
		TableName: aws.String(c.ddbTable),
	})
	return err
}

// terraform's S3 lock file: read, compare in Go, delete without IfMatch.
type FileClient struct {
	s3Client     *s3.Client
	bucketName   string
	lockFilePath string
}

func (c *FileClient) unlockWithFile(ctx context.Context, id string) error {
	getOutput, err := c.s3Client.GetObject(ctx, &s3.GetObjectInput{
		Bucket: aws.String(c.bucketName),
		Key:    aws.String(c.lockFilePath),
	})
	if err != nil {
		return err
	}
	defer func() { getOutput.Body.Close() }()
	data, err := io.ReadAll(getOutput.Body)
	if err != nil {
		return err
	}
	lockInfo := &LockInfo{}
	if err := json.Unmarshal(data, lockInfo); err != nil {
		return err
	}
	if lockInfo.ID != id {
		return fmt.Errorf("lock ID '%s' does not match the existing lock ID '%s'", id, lockInfo.ID)
	}
	_, err = c.s3Client.DeleteObject(ctx, &s3.DeleteObjectInput{ // want `S3 DeleteObject of the object lockFilePath with no IfMatch after the lock record was read \(at dynamo.go:\d+\) and its owner compared in Go.*IfMatch set to the ETag`
		Bucket: aws.String(c.bucketName),
		Key:    aws.String(c.lockFilePath),
	})
	return err
}

// The ETag read is the condition of the delete.
func (c *FileClient) unlockIfMatch(ctx context.Context, id string) error {
	getOutput, err := c.s3Client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(c.bucketName), Key: aws.String(c.lockFilePath)})
	if err != nil {
		return err
	}
	data, _ := io.ReadAll(getOutput.Body)
	lockInfo := &LockInfo{}
	if err := json.Unmarshal(data, lockInfo); err != nil || lockInfo.ID != id {
		return err
	}
	_, err = c.s3Client.DeleteObject(ctx, &s3.DeleteObjectInput{
		Bucket:  aws.String(c.bucketName),
		Key:     aws.String(c.lockFilePath),
		IfMatch: getOutput.ETag,
	})
	return err
}
