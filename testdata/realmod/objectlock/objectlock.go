// Package objectlock keeps locks as objects of S3 (aws-sdk-go-v2) and
// MinIO, type-checked against the real modules: a racy claim and an
// unconditional release beside their conditional forms.
package objectlock

import (
	"bytes"
	"context"
	"errors"
	"io"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/minio/minio-go/v7"
)

var errBusy = errors.New("the lock is held")

type Locker struct {
	Client *s3.Client
	Bucket string
	etag   *string
}

func (l *Locker) lockName(key string) string { return "locks/" + key + ".lock" }

// Lock reads the lock object and overwrites it when it is absent or stale:
// racy, and stale by this host's clock.
func (l *Locker) Lock(ctx context.Context, key string) error {
	out, err := l.Client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(l.Bucket), Key: aws.String(l.lockName(key))})
	if err != nil {
		var nsk *types.NoSuchKey
		if errors.As(err, &nsk) {
			return l.put(ctx, key) // want "FC2001"
		}
		return err
	}
	b, _ := io.ReadAll(out.Body)
	if t, err := time.Parse(time.RFC3339, string(b)); err == nil && t.Add(time.Minute).After(time.Now()) { // want "FC4001"
		return errBusy
	}
	return l.put(ctx, key)
}

func (l *Locker) put(ctx context.Context, key string) error {
	_, err := l.Client.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(l.Bucket),
		Key:    aws.String(l.lockName(key)),
		Body:   bytes.NewReader([]byte(time.Now().Format(time.RFC3339))),
	})
	return err
}

// TryLock is the claim done right: created only if absent.
func (l *Locker) TryLock(ctx context.Context, key string) error {
	if _, err := l.Client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(l.Bucket), Key: aws.String(l.lockName(key))}); err == nil {
		return errBusy
	}
	out, err := l.Client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(l.Bucket), Key: aws.String(l.lockName(key)), IfNoneMatch: aws.String("*")})
	if err != nil {
		return err
	}
	l.etag = out.ETag
	return nil
}

// Unlock deletes whoever holds the object now.
func (l *Locker) Unlock(ctx context.Context, key string) error {
	_, err := l.Client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(l.Bucket), Key: aws.String(l.lockName(key))}) // want "FC5001"
	return err
}

// UnlockOwn deletes only this holder's version.
func (l *Locker) UnlockOwn(ctx context.Context, key string) error {
	_, err := l.Client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(l.Bucket), Key: aws.String(l.lockName(key)), IfMatch: l.etag})
	return err
}

// MinioLocker claims with MinIO's create-if-absent and, separately, with a
// plain put after a stat.
type MinioLocker struct {
	Client *minio.Client
	Bucket string
}

func (m *MinioLocker) Lock(ctx context.Context, lockKey string) error {
	if _, err := m.Client.StatObject(ctx, m.Bucket, lockKey, minio.StatObjectOptions{}); err == nil {
		return errBusy
	}
	_, err := m.Client.PutObject(ctx, m.Bucket, lockKey, bytes.NewReader(nil), 0, minio.PutObjectOptions{}) // want "FC2001"
	return err
}

func (m *MinioLocker) TryLock(ctx context.Context, lockKey string) error {
	if _, err := m.Client.StatObject(ctx, m.Bucket, lockKey, minio.StatObjectOptions{}); err == nil {
		return errBusy
	}
	opts := minio.PutObjectOptions{}
	opts.SetMatchETagExcept("*")
	_, err := m.Client.PutObject(ctx, m.Bucket, lockKey, bytes.NewReader(nil), 0, opts)
	return err
}
