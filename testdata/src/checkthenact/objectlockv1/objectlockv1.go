// Package objectlockv1 claims a lock kept as one S3 object (aws-sdk-go
// v1) at a configured key: the lock type's Lock reads the object through
// a helper that judges it, then puts it with no precondition (v1 has
// none). The key's name says nothing; the type's protocol (Lock and
// Release over the object) says it is a lock's.
package objectlockv1

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/service/s3"
)

var ErrBusy = errors.New("busy")

type Config struct {
	Bucket, Path, Owner string
	TTL                 time.Duration
}

type data struct {
	Owner   string
	Created time.Time
}

type S3Lock struct {
	client *s3.S3
	conf   Config
}

// busy reads the object and says whether another owner holds it.
func (l *S3Lock) busy() bool {
	out, err := l.client.GetObject(&s3.GetObjectInput{Bucket: aws.String(l.conf.Bucket), Key: aws.String(l.conf.Path)})
	if err != nil {
		return false
	}
	b, _ := io.ReadAll(out.Body)
	var d data
	if json.Unmarshal(b, &d) != nil || d.Created.Add(l.conf.TTL).Before(time.Now()) {
		return false
	}
	return d.Owner != l.conf.Owner
}

func (l *S3Lock) Lock() error {
	if l.busy() {
		return ErrBusy
	}
	b, _ := json.Marshal(data{Owner: l.conf.Owner, Created: time.Now()})
	_, err := l.client.PutObject(&s3.PutObjectInput{Body: bytes.NewReader(b), Bucket: aws.String(l.conf.Bucket), Key: aws.String(l.conf.Path)}) // want `PutObject writes the S3 lock object Path with no precondition, on what the read at objectlockv1.go:\d+ found`
	return err
}

// TryLock is the same claim with the finding suppressed.
func (l *S3Lock) TryLock() error {
	if l.busy() {
		return ErrBusy
	}
	//lint:ignore FC2001 a single publisher per bucket: runs are serialised by the CI queue
	_, err := l.client.PutObject(&s3.PutObjectInput{Bucket: aws.String(l.conf.Bucket), Key: aws.String(l.conf.Path)})
	return err
}

func (l *S3Lock) Release() error {
	_, err := l.client.DeleteObject(&s3.DeleteObjectInput{Bucket: aws.String(l.conf.Bucket), Key: aws.String(l.conf.Path), VersionId: aws.String("v")})
	return err
}

// Mirror is no lock: it copies an object when the destination is
// missing (read, then put, like a cache fill).
type Mirror struct {
	client *s3.S3
	conf   Config
}

func (m *Mirror) exists() bool {
	_, err := m.client.HeadObject(&s3.HeadObjectInput{Bucket: aws.String(m.conf.Bucket), Key: aws.String(m.conf.Path)})
	return err == nil
}

func (m *Mirror) Sync() error {
	if m.exists() {
		return nil
	}
	_, err := m.client.PutObject(&s3.PutObjectInput{Bucket: aws.String(m.conf.Bucket), Key: aws.String(m.conf.Path)})
	return err
}
