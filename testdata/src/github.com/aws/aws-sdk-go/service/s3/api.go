// Package s3 is a test stub of github.com/aws/aws-sdk-go@v1.55.8 (service/s3), signatures copied from the real source.
//
// The inputs and outputs carry the fields the tests use.
package s3

import (
	"io"
	"time"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/request"
)

// S3 provides the API operation methods for making requests to Amazon Simple Storage Service.
type S3 struct{}

type GetObjectInput struct {
	Bucket *string
	Key    *string
}

type GetObjectOutput struct {
	Body         io.ReadCloser
	ETag         *string
	LastModified *time.Time
	VersionId    *string
}

type HeadObjectInput struct {
	Bucket *string
	Key    *string
}

type HeadObjectOutput struct {
	ETag         *string
	LastModified *time.Time
	VersionId    *string
}

type PutObjectInput struct {
	Body    io.ReadSeeker
	Bucket  *string
	Key     *string
	Tagging *string
}

type PutObjectOutput struct {
	ETag      *string
	VersionId *string
}

type DeleteObjectInput struct {
	Bucket    *string
	Key       *string
	VersionId *string
}

type DeleteObjectOutput struct {
	VersionId *string
}

func (c *S3) GetObject(input *GetObjectInput) (*GetObjectOutput, error) { return nil, nil }

func (c *S3) GetObjectWithContext(ctx aws.Context, input *GetObjectInput, opts ...request.Option) (*GetObjectOutput, error) {
	return nil, nil
}

func (c *S3) HeadObject(input *HeadObjectInput) (*HeadObjectOutput, error) { return nil, nil }

func (c *S3) HeadObjectWithContext(ctx aws.Context, input *HeadObjectInput, opts ...request.Option) (*HeadObjectOutput, error) {
	return nil, nil
}

func (c *S3) PutObject(input *PutObjectInput) (*PutObjectOutput, error) { return nil, nil }

func (c *S3) PutObjectWithContext(ctx aws.Context, input *PutObjectInput, opts ...request.Option) (*PutObjectOutput, error) {
	return nil, nil
}

func (c *S3) DeleteObject(input *DeleteObjectInput) (*DeleteObjectOutput, error) { return nil, nil }

func (c *S3) DeleteObjectWithContext(ctx aws.Context, input *DeleteObjectInput, opts ...request.Option) (*DeleteObjectOutput, error) {
	return nil, nil
}
