// Package minio is a test stub of github.com/minio/minio-go/v7@v7.4.1,
// signatures copied from the real source (a subset of them).
package minio

import (
	"context"
	"io"
	"net/http"
	"time"
)

type Client struct{}

type Object struct{}

func (o *Object) Read(b []byte) (int, error) { return 0, nil }
func (o *Object) Close() error               { return nil }

type ObjectInfo struct {
	ETag         string    `json:"etag"`
	Key          string    `json:"name"`
	LastModified time.Time `json:"lastModified"`
	VersionID    string    `xml:"VersionId"`
}

type UploadInfo struct {
	Bucket    string
	Key       string
	ETag      string
	VersionID string
}

type GetObjectOptions struct {
	headers map[string]string
}

type StatObjectOptions = GetObjectOptions

type PutObjectOptions struct {
	ContentType   string
	customHeaders http.Header
}

func (opts *PutObjectOptions) SetMatchETag(etag string)       {}
func (opts *PutObjectOptions) SetMatchETagExcept(etag string) {}

type RemoveObjectOptions struct {
	ForceDelete      bool
	GovernanceBypass bool
	VersionID        string
}

func (c *Client) GetObject(ctx context.Context, bucketName, objectName string, opts GetObjectOptions) (*Object, error) {
	return &Object{}, nil
}
func (c *Client) StatObject(ctx context.Context, bucketName, objectName string, opts StatObjectOptions) (ObjectInfo, error) {
	return ObjectInfo{}, nil
}
func (c *Client) PutObject(ctx context.Context, bucketName, objectName string, reader io.Reader, objectSize int64,
	opts PutObjectOptions,
) (info UploadInfo, err error) {
	return UploadInfo{}, nil
}
func (c *Client) RemoveObject(ctx context.Context, bucketName, objectName string, opts RemoveObjectOptions) error {
	return nil
}

type ErrorResponse struct {
	Code string
}

func (e ErrorResponse) Error() string { return e.Code }

func ToErrorResponse(err error) ErrorResponse { return ErrorResponse{} }
