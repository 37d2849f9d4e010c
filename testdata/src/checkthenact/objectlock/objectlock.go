// Package objectlock claims locks kept as objects of an object store (S3,
// GCS, MinIO): by reading the object and then writing it, or putting a hold
// on it, with no precondition (racy), and by a conditional create (safe).
package objectlock

import (
	"bytes"
	"context"
	"errors"
	"time"

	"cloud.google.com/go/storage"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/minio/minio-go/v7"
)

var errBusy = errors.New("the lock is held")

type s3Locker struct {
	client *s3.Client
	bucket string
}

func (l *s3Locker) lockName(key string) string { return key + ".lock" }

// Racy: GetObject finds no lock object, then a helper puts one with no
// If-None-Match; two claimants both write it.
func (l *s3Locker) Lock(ctx context.Context, key string) error {
	_, err := l.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(l.bucket), Key: aws.String(l.lockName(key))})
	if err != nil {
		return l.putLock(ctx, key) // want `putLock \(PutObject at objectlock.go:\d+\) writes the S3 lock object lockName\(...\) with no precondition, on what the read at objectlock.go:\d+ found: two claimants can both find it free`
	}
	return errBusy
}

func (l *s3Locker) putLock(ctx context.Context, key string) error {
	_, err := l.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(l.bucket),
		Key:    aws.String(l.lockName(key)),
		Body:   bytes.NewReader([]byte(time.Now().Format(time.RFC3339))),
	})
	return err
}

// Racy, directly: HeadObject, then PutObject of a constant lock name.
func (l *s3Locker) claimDeploy(ctx context.Context) error {
	if _, err := l.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(l.bucket), Key: aws.String("deploy/state.lock")}); err == nil {
		return errBusy
	}
	_, err := l.client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(l.bucket), Key: aws.String("deploy/state.lock")}) // want `PutObject writes the S3 lock object "deploy/state.lock" with no precondition`
	return err
}

// Safe: If-None-Match "*" makes the put the atomic claim.
func (l *s3Locker) claimConditional(ctx context.Context, key string) error {
	if _, err := l.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(l.bucket), Key: aws.String(l.lockName(key))}); err == nil {
		return errBusy
	}
	_, err := l.client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(l.bucket), Key: aws.String(l.lockName(key)), IfNoneMatch: aws.String("*")})
	return err
}

// Silent: a cache fill of an object that is no lock's has the same shape.
func (l *s3Locker) fillCache(ctx context.Context, key string, data []byte) error {
	if _, err := l.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(l.bucket), Key: aws.String("cache/" + key)}); err == nil {
		return nil
	}
	_, err := l.client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(l.bucket), Key: aws.String("cache/" + key), Body: bytes.NewReader(data)})
	return err
}

// Suppressed: a racy claim the author accepts.
func (l *s3Locker) claimSingleRunner(ctx context.Context) error {
	if _, err := l.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(l.bucket), Key: aws.String("cron.lock")}); err == nil {
		return errBusy
	}
	//lint:ignore FC2001 one scheduler runs this job; the object only reports that a run is in progress
	_, err := l.client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(l.bucket), Key: aws.String("cron.lock")})
	return err
}

type gcsLocker struct{ bucket *storage.BucketHandle }

// Racy: the attributes say the hold is free, then Update puts it on with no
// metageneration precondition. The empty object created when it is absent
// is read again before the claim, so that create is not the claim.
func (g *gcsLocker) Lock(ctx context.Context, key string) error {
	obj := g.bucket.Object(key + ".lock")
	for {
		attrs, err := obj.Attrs(ctx)
		if errors.Is(err, storage.ErrObjectNotExist) {
			w := obj.NewWriter(ctx)
			if err := w.Close(); err != nil {
				return err
			}
			continue
		} else if err != nil {
			return err
		}
		if !attrs.TemporaryHold {
			_, err := obj.Update(ctx, storage.ObjectAttrsToUpdate{TemporaryHold: true}) // want `Update puts a hold on the GCS lock object ... \+ ".lock" with no precondition`
			return err
		}
		time.Sleep(time.Second)
	}
}

// Safe: the hold is put on only if the object is still the one read.
func (g *gcsLocker) lockConditional(ctx context.Context, key string) error {
	obj := g.bucket.Object(key + ".lock")
	attrs, err := obj.Attrs(ctx)
	if err != nil {
		return err
	}
	if attrs.TemporaryHold {
		return errBusy
	}
	_, err = obj.If(storage.Conditions{MetagenerationMatch: attrs.Metageneration}).Update(ctx, storage.ObjectAttrsToUpdate{TemporaryHold: true})
	return err
}

// Racy: NewReader finds no lock object, NewWriter creates it plainly.
func (g *gcsLocker) createLock(ctx context.Context, lockName string) error {
	obj := g.bucket.Object(lockName)
	if _, err := obj.NewReader(ctx); err == nil {
		return errBusy
	}
	w := obj.NewWriter(ctx) // want `NewWriter writes the GCS lock object lockName with no precondition`
	return w.Close()
}

// Safe: DoesNotExist makes the create the atomic claim.
func (g *gcsLocker) createLockConditional(ctx context.Context, lockName string) error {
	obj := g.bucket.Object(lockName)
	if _, err := obj.NewReader(ctx); err == nil {
		return errBusy
	}
	w := obj.If(storage.Conditions{DoesNotExist: true}).NewWriter(ctx)
	return w.Close()
}

type minioLocker struct {
	client *minio.Client
	bucket string
}

// Racy: StatObject, then PutObject with empty options.
func (m *minioLocker) Lock(ctx context.Context, lockKey string) error {
	if _, err := m.client.StatObject(ctx, m.bucket, lockKey, minio.StatObjectOptions{}); err == nil {
		return errBusy
	}
	_, err := m.client.PutObject(ctx, m.bucket, lockKey, bytes.NewReader(nil), 0, minio.PutObjectOptions{}) // want `PutObject writes the MinIO lock object lockKey with no precondition`
	return err
}

// Safe: SetMatchETagExcept("*") creates it only if absent.
func (m *minioLocker) lockConditional(ctx context.Context, lockKey string) error {
	if _, err := m.client.StatObject(ctx, m.bucket, lockKey, minio.StatObjectOptions{}); err == nil {
		return errBusy
	}
	opts := minio.PutObjectOptions{}
	opts.SetMatchETagExcept("*")
	_, err := m.client.PutObject(ctx, m.bucket, lockKey, bytes.NewReader(nil), 0, opts)
	return err
}
