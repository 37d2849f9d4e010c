// Package objectlock judges locks kept as objects of an object store stale
// by comparing a time read from the object (a timestamp in its body, its
// Updated or LastModified time) with this host's clock, and takes them
// over on that verdict.
package objectlock

import (
	"bytes"
	"context"
	"io"
	"time"

	"cloud.google.com/go/storage"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

var lockExpiration = time.Minute

type s3Locker struct {
	client *s3.Client
	bucket string
}

func (l *s3Locker) lockName(key string) string { return key + ".lock" }

// Unsafe: the holder's timestamp, written with its clock, is compared with
// this host's clock, and the lock is overwritten on that verdict.
func (l *s3Locker) Lock(ctx context.Context, key string) error {
	out, err := l.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(l.bucket), Key: aws.String(l.lockName(key))})
	if err != nil {
		return err
	}
	b, _ := io.ReadAll(out.Body)
	t, err := time.Parse(time.RFC3339, string(b))
	if err == nil && t.Add(lockExpiration).Before(time.Now()) { // want `decides lease expiry by comparing a time read from the S3 lock object \(the holder.s clock or the store.s, not this host.s\)`
		return l.put(ctx, key)
	}
	return nil
}

func (l *s3Locker) put(ctx context.Context, key string) error {
	_, err := l.client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(l.bucket), Key: aws.String(l.lockName(key)),
		Body: bytes.NewReader([]byte(time.Now().Format(time.RFC3339)))})
	return err
}

// Silent: a cached report refreshed when older than an hour is no lock.
func (l *s3Locker) refreshReport(ctx context.Context) error {
	out, err := l.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(l.bucket), Key: aws.String("reports/daily.csv")})
	if err != nil {
		return err
	}
	if out.LastModified.Add(time.Hour).Before(time.Now()) {
		_, err = l.client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(l.bucket), Key: aws.String("reports/daily.csv")})
	}
	return err
}

type gcsLocker struct{ bucket *storage.BucketHandle }

// Unsafe: GCS's update time of the hold against this host's clock decides
// that the hold is released and taken over.
func (g *gcsLocker) Lock(ctx context.Context, key string) error {
	obj := g.bucket.Object(key + ".lock")
	attrs, err := obj.Attrs(ctx)
	if err != nil {
		return err
	}
	if attrs.Updated.Add(lockExpiration).Before(time.Now().UTC()) { // want `decides lease expiry by comparing`
		if _, err := obj.Update(ctx, storage.ObjectAttrsToUpdate{TemporaryHold: false}); err != nil {
			return err
		}
	}
	return nil
}

// Suppressed: the author accepts the clock comparison.
func (g *gcsLocker) sweep(ctx context.Context, key string) error {
	obj := g.bucket.Object(key + ".lock")
	attrs, err := obj.Attrs(ctx)
	if err != nil {
		return err
	}
	//lint:ignore FC4001 sweeper of locks abandoned for a day; clock skew is irrelevant at that scale
	if attrs.Updated.Add(24 * time.Hour).Before(time.Now()) {
		return obj.Delete(ctx)
	}
	return nil
}
