// Package objectlockv1 releases a lock kept as one S3 object (aws-sdk-go
// v1) at a configured key, judged stale by the clock: the lock type's
// Release deletes it with no VersionId, whoever holds it now.
package objectlockv1

import (
	"encoding/json"
	"io"
	"time"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/service/s3"
)

type Config struct {
	Bucket, Path, Owner string
	TTL                 time.Duration
}

type data struct {
	Owner   string
	Created time.Time
}

type S3Lock struct {
	client  *s3.S3
	conf    Config
	version *string
}

// free reads the object and judges it by this host's clock: the lock can
// change hands.
func (l *S3Lock) free() bool {
	out, err := l.client.GetObject(&s3.GetObjectInput{Bucket: aws.String(l.conf.Bucket), Key: aws.String(l.conf.Path)})
	if err != nil {
		return true
	}
	b, _ := io.ReadAll(out.Body)
	var d data
	return json.Unmarshal(b, &d) != nil || d.Created.Add(l.conf.TTL).Before(time.Now()) || d.Owner == l.conf.Owner
}

func (l *S3Lock) Lock() bool { return l.free() }

func (l *S3Lock) Release() error {
	_, err := l.client.DeleteObject(&s3.DeleteObjectInput{Bucket: aws.String(l.conf.Bucket), Key: aws.String(l.conf.Path)}) // want `DeleteObject deletes the S3 lock object Path with no precondition tying it to this holder's version`
	return err
}

// ReleaseVersion deletes only this holder's version.
func (l *S3Lock) ReleaseVersion() error {
	_, err := l.client.DeleteObject(&s3.DeleteObjectInput{Bucket: aws.String(l.conf.Bucket), Key: aws.String(l.conf.Path), VersionId: l.version})
	return err
}

// Unlock is suppressed: an operator's tool.
func (l *S3Lock) Unlock() error {
	//lint:ignore FC5001 operator command run only when every publisher is stopped
	_, err := l.client.DeleteObject(&s3.DeleteObjectInput{Bucket: aws.String(l.conf.Bucket), Key: aws.String(l.conf.Path)})
	return err
}

// Archive is no lock: a Prune of an object it judged old.
type Archive struct {
	client *s3.S3
	conf   Config
}

func (a *Archive) old() bool {
	out, err := a.client.HeadObject(&s3.HeadObjectInput{Bucket: aws.String(a.conf.Bucket), Key: aws.String(a.conf.Path)})
	return err == nil && out.LastModified.Before(time.Now().Add(-time.Hour))
}

func (a *Archive) Prune() error {
	if !a.old() {
		return nil
	}
	_, err := a.client.DeleteObject(&s3.DeleteObjectInput{Bucket: aws.String(a.conf.Bucket), Key: aws.String(a.conf.Path)})
	return err
}
