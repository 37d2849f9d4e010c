// Package objectlock releases locks kept as objects of an object store
// (S3, GCS, MinIO) that the package judges stale by the clock and takes
// over: a delete (or a hold cleared) with no precondition on this holder's
// version removes a successor's lock; one matched to the holder's ETag or
// generation does not.
package objectlock

import (
	"context"
	"io"
	"time"

	"cloud.google.com/go/storage"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/minio/minio-go/v7"
)

const lockTimeout = 15 * time.Second

type s3Locker struct {
	client *s3.Client
	bucket string
	etag   *string
}

func (l *s3Locker) lockName(key string) string { return key + ".lock" }

// stale reads the lock object's timestamp and judges it by this host's
// clock: the lock can change hands.
func (l *s3Locker) stale(ctx context.Context, key string) bool {
	out, err := l.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(l.bucket), Key: aws.String(l.lockName(key))})
	if err != nil {
		return true
	}
	b, _ := io.ReadAll(out.Body)
	t, err := time.Parse(time.RFC3339, string(b))
	return err != nil || t.Add(lockTimeout).Before(time.Now())
}

// Unsafe: deletes whoever holds the object now.
func (l *s3Locker) Unlock(ctx context.Context, key string) error {
	_, err := l.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(l.bucket), Key: aws.String(l.lockName(key))}) // want `DeleteObject deletes the S3 lock object lockName\(...\) with no precondition tying it to this holder's version, and the lock can change hands \(stale reads it, at objectlock.go:\d+, and judges it by the clock\)`
	return err
}

// Safe: the delete is conditioned on the ETag this holder's put returned.
func (l *s3Locker) unlockOwn(ctx context.Context, key string) error {
	_, err := l.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(l.bucket), Key: aws.String(l.lockName(key)), IfMatch: l.etag})
	return err
}

// Suppressed: an operator's force-unlock.
func (l *s3Locker) forceUnlock(ctx context.Context, key string) error {
	//lint:ignore FC5001 operator command: breaks a lock whose holder is known dead
	_, err := l.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(l.bucket), Key: aws.String(l.lockName(key))})
	return err
}

// Silent: a cache object is no lock's.
func (l *s3Locker) evict(ctx context.Context, key string) error {
	_, err := l.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(l.bucket), Key: aws.String("cache/" + key)})
	return err
}

type gcsLocker struct {
	bucket *storage.BucketHandle
	gen    int64
}

// expired judges the hold by the object's update time and the local clock.
func (g *gcsLocker) expired(ctx context.Context, key string) bool {
	attrs, err := g.bucket.Object(key + ".lock").Attrs(ctx)
	return err == nil && attrs.Updated.Add(time.Minute).Before(time.Now())
}

// Unsafe: clears the hold and deletes whoever set it.
func (g *gcsLocker) Unlock(ctx context.Context, key string) error {
	obj := g.bucket.Object(key + ".lock")
	if _, err := obj.Update(ctx, storage.ObjectAttrsToUpdate{TemporaryHold: false}); err != nil { // want `Update clears the hold on the GCS lock object ... \+ ".lock" with no precondition`
		return err
	}
	return obj.Delete(ctx) // want `Delete deletes the GCS lock object ... \+ ".lock" with no precondition`
}

// Safe: only the generation this holder created is deleted.
func (g *gcsLocker) unlockOwn(ctx context.Context, key string) error {
	return g.bucket.Object(key + ".lock").If(storage.Conditions{GenerationMatch: g.gen}).Delete(ctx)
}

// Safe: an update that changes no hold is no release.
func (g *gcsLocker) touch(ctx context.Context, key string) error {
	_, err := g.bucket.Object(key+".lock").Update(ctx, storage.ObjectAttrsToUpdate{Metadata: map[string]string{"touched": "yes"}})
	return err
}

type minioLocker struct {
	client  *minio.Client
	bucket  string
	version string
}

func (m *minioLocker) stale(ctx context.Context) bool {
	info, err := m.client.StatObject(ctx, m.bucket, "jobs/run.lock", minio.StatObjectOptions{})
	return err == nil && time.Since(info.LastModified) > time.Minute
}

// Unsafe: removes whoever holds it.
func (m *minioLocker) Unlock(ctx context.Context) error {
	return m.client.RemoveObject(ctx, m.bucket, "jobs/run.lock", minio.RemoveObjectOptions{}) // want `RemoveObject deletes the MinIO lock object "jobs/run.lock" with no precondition`
}

// Safe: removes only the version this holder wrote.
func (m *minioLocker) unlockOwn(ctx context.Context) error {
	return m.client.RemoveObject(ctx, m.bucket, "jobs/run.lock", minio.RemoveObjectOptions{VersionID: m.version})
}

// nostale keeps a lock object that never expires: nothing reads it against
// the clock, so it does not change hands and its delete is its holder's.
type nostale struct {
	client *minio.Client
	bucket string
}

func (n *nostale) Lock(ctx context.Context) error {
	_, err := n.client.PutObject(ctx, n.bucket, "build.lock", nil, 0, minio.PutObjectOptions{})
	return err
}

func (n *nostale) Unlock(ctx context.Context) error {
	return n.client.RemoveObject(ctx, n.bucket, "build.lock", minio.RemoveObjectOptions{})
}
