// Package storage is a test stub of cloud.google.com/go/storage@v1.56.0,
// signatures copied from the real source (a subset of them).
package storage

import (
	"context"
	"errors"
	"time"

	"cloud.google.com/go/internal/optional"
)

var ErrObjectNotExist = errors.New("storage: object doesn't exist")

type Client struct{}

func NewClient(ctx context.Context) (*Client, error) { return &Client{}, nil }

func (c *Client) Bucket(name string) *BucketHandle { return &BucketHandle{name: name} }

type BucketHandle struct{ name string }

func (b *BucketHandle) Object(name string) *ObjectHandle {
	return &ObjectHandle{bucket: b.name, object: name}
}

type ObjectHandle struct {
	bucket, object string
	gen            int64
	conds          *Conditions
}

type Conditions struct {
	GenerationMatch        int64
	GenerationNotMatch     int64
	DoesNotExist           bool
	MetagenerationMatch    int64
	MetagenerationNotMatch int64
}

func (o *ObjectHandle) Generation(gen int64) *ObjectHandle { o2 := *o; o2.gen = gen; return &o2 }
func (o *ObjectHandle) If(conds Conditions) *ObjectHandle  { o2 := *o; o2.conds = &conds; return &o2 }

func (o *ObjectHandle) Attrs(ctx context.Context) (attrs *ObjectAttrs, err error) {
	return &ObjectAttrs{}, nil
}
func (o *ObjectHandle) Update(ctx context.Context, uattrs ObjectAttrsToUpdate) (oa *ObjectAttrs, err error) {
	return &ObjectAttrs{}, nil
}
func (o *ObjectHandle) Delete(ctx context.Context) (err error)         { return nil }
func (o *ObjectHandle) NewReader(ctx context.Context) (*Reader, error) { return &Reader{}, nil }
func (o *ObjectHandle) NewWriter(ctx context.Context) *Writer          { return &Writer{} }
func (o *ObjectHandle) NewRangeReader(ctx context.Context, offset, length int64) (r *Reader, err error) {
	return &Reader{}, nil
}

type ObjectAttrs struct {
	Bucket         string
	Name           string
	TemporaryHold  bool
	EventBasedHold bool
	Generation     int64
	Metageneration int64
	Created        time.Time
	Updated        time.Time
}

type ObjectAttrsToUpdate struct {
	EventBasedHold optional.Bool
	TemporaryHold  optional.Bool
	ContentType    optional.String
	Metadata       map[string]string
}

type Reader struct{}

func (r *Reader) Read(p []byte) (int, error) { return 0, nil }
func (r *Reader) Close() error               { return nil }

type Writer struct {
	ObjectAttrs
}

func (w *Writer) Write(p []byte) (n int, err error) { return len(p), nil }
func (w *Writer) Close() error                      { return nil }
func (w *Writer) Attrs() *ObjectAttrs               { return &w.ObjectAttrs }
