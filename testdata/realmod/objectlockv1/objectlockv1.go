// Package objectlockv1 keeps a lock as one S3 object through aws-sdk-go
// v1, at a configured key: the lock type's Lock reads it through a helper
// that judges it by the clock and the owner, then puts it with no
// precondition (v1 has none); Release deletes it with no VersionId.
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

var ErrBusy = errors.New("lock busy")

type Config struct {
	Bucket, Path, Owner string
	TTL                 time.Duration
}

type record struct {
	Owner   string    `json:"owner"`
	Created time.Time `json:"created"`
}

type Lock struct {
	client *s3.S3
	conf   Config
}

// busy reads the lock object: held by another owner and not expired.
func (l *Lock) busy() bool {
	out, err := l.client.GetObject(&s3.GetObjectInput{Bucket: aws.String(l.conf.Bucket), Key: aws.String(l.conf.Path)})
	if err != nil {
		return false
	}
	defer out.Body.Close()
	b, err := io.ReadAll(out.Body)
	if err != nil {
		return true
	}
	var r record
	if json.Unmarshal(b, &r) != nil || r.Created.Add(l.conf.TTL).Before(time.Now()) { // want "FC4001"
		return false
	}
	return r.Owner != l.conf.Owner
}

func (l *Lock) Lock() error {
	if l.busy() {
		return ErrBusy
	}
	b, err := json.Marshal(record{Owner: l.conf.Owner, Created: time.Now()})
	if err != nil {
		return err
	}
	_, err = l.client.PutObject(&s3.PutObjectInput{Body: bytes.NewReader(b), Bucket: aws.String(l.conf.Bucket), Key: aws.String(l.conf.Path)}) // want "FC2001"
	return err
}

func (l *Lock) Release() error {
	if l.busy() {
		return ErrBusy
	}
	_, err := l.client.DeleteObject(&s3.DeleteObjectInput{Bucket: aws.String(l.conf.Bucket), Key: aws.String(l.conf.Path)}) // want "FC5001"
	return err
}

// Upload is no lock's write: a report object put when it is missing.
func Upload(c *s3.S3, bucket, key string, body []byte) error {
	if _, err := c.HeadObject(&s3.HeadObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)}); err == nil {
		return nil
	}
	_, err := c.PutObject(&s3.PutObjectInput{Body: bytes.NewReader(body), Bucket: aws.String(bucket), Key: aws.String(key)})
	return err
}
