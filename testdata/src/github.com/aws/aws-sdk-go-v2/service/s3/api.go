package s3

import (
	"context"
	"io"
	"time"
)

// Options (subset of fields).
type Options struct {
	Region string
}

// Client provides the API client to make operations call for Amazon S3.
type Client struct {
	options Options
}

func New(options Options, optFns ...func(*Options)) *Client { return &Client{options: options} }

func (c *Client) GetObject(ctx context.Context, params *GetObjectInput, optFns ...func(*Options)) (*GetObjectOutput, error) {
	return &GetObjectOutput{}, nil
}
func (c *Client) PutObject(ctx context.Context, params *PutObjectInput, optFns ...func(*Options)) (*PutObjectOutput, error) {
	return &PutObjectOutput{}, nil
}
func (c *Client) HeadObject(ctx context.Context, params *HeadObjectInput, optFns ...func(*Options)) (*HeadObjectOutput, error) {
	return &HeadObjectOutput{}, nil
}
func (c *Client) DeleteObject(ctx context.Context, params *DeleteObjectInput, optFns ...func(*Options)) (*DeleteObjectOutput, error) {
	return &DeleteObjectOutput{}, nil
}

type GetObjectInput struct {
	Bucket      *string
	Key         *string
	IfMatch     *string
	IfNoneMatch *string
	VersionId   *string
}

type GetObjectOutput struct {
	Body          io.ReadCloser
	ContentLength *int64
	ETag          *string
	LastModified  *time.Time
	VersionId     *string
}

type PutObjectInput struct {
	Bucket      *string
	Key         *string
	Body        io.Reader
	IfMatch     *string
	IfNoneMatch *string
}

type PutObjectOutput struct {
	ETag      *string
	VersionId *string
}

type DeleteObjectInput struct {
	Bucket                  *string
	Key                     *string
	ExpectedBucketOwner     *string
	IfMatch                 *string
	IfMatchLastModifiedTime *time.Time
	IfMatchSize             *int64
	VersionId               *string
}

type DeleteObjectOutput struct {
	DeleteMarker *bool
	VersionId    *string
}

type HeadObjectInput struct {
	Bucket    *string
	Key       *string
	IfMatch   *string
	VersionId *string
}

type HeadObjectOutput struct {
	ETag         *string
	LastModified *time.Time
	VersionId    *string
}
