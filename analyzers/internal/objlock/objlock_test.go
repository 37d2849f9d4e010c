package objlock

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Each function makes one object store call; its name says what Of must
// read from it: the op, whether it is conditional, the hold, and whether
// the object is a lock's.
const src = `package p

import (
	"context"

	"cloud.google.com/go/storage"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/minio/minio-go/v7"
)

func lockName(key string) string { return key + ".lock" }

func s3Read(ctx context.Context, c *s3.Client, key string) {
	c.GetObject(ctx, &s3.GetObjectInput{Key: aws.String(lockName(key))})
}
func s3Create(ctx context.Context, c *s3.Client, key string) {
	c.PutObject(ctx, &s3.PutObjectInput{Key: aws.String(lockName(key))})
}
func s3CreateIfAbsent(ctx context.Context, c *s3.Client, key string) {
	c.PutObject(ctx, &s3.PutObjectInput{Key: aws.String(lockName(key)), IfNoneMatch: aws.String("*")})
}
func s3Built(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) {
	c.PutObject(ctx, in)
}
func s3DeleteCache(ctx context.Context, c *s3.Client, key string) {
	c.DeleteObject(ctx, &s3.DeleteObjectInput{Key: aws.String("cache/" + key)})
}
func gcsHold(ctx context.Context, b *storage.BucketHandle, key string) {
	b.Object(key+".lock").Update(ctx, storage.ObjectAttrsToUpdate{TemporaryHold: true})
}
func gcsRelease(ctx context.Context, b *storage.BucketHandle, key string) {
	b.Object(key+".lock").Update(ctx, storage.ObjectAttrsToUpdate{TemporaryHold: false})
}
func gcsDeleteGen(ctx context.Context, b *storage.BucketHandle, lockPath string, gen int64) {
	b.Object(lockPath).Generation(gen).Delete(ctx)
}
func gcsCreateIfAbsent(ctx context.Context, b *storage.BucketHandle, name string) {
	b.Object(name).If(storage.Conditions{DoesNotExist: true}).NewWriter(ctx)
}
func minioCreate(ctx context.Context, c *minio.Client) {
	c.PutObject(ctx, "b", "locks/job", nil, 0, minio.PutObjectOptions{})
}
func minioCreateIfAbsent(ctx context.Context, c *minio.Client) {
	opts := minio.PutObjectOptions{}
	opts.SetMatchETagExcept("*")
	c.PutObject(ctx, "b", "locks/job", nil, 0, opts)
}
func minioRemoveVersion(ctx context.Context, c *minio.Client, v string) {
	c.RemoveObject(ctx, "b", "report.csv", minio.RemoveObjectOptions{VersionID: v})
}
`

func TestOf(t *testing.T) {
	pkgs := testutil.LoadStubbed(t, "p", src, "github.com/aws", "cloud.google.com", "github.com/minio")
	prog, ssaPkgs := ssautil.Packages(pkgs, ssa.InstantiateGenerics)
	prog.Build()
	pkg := ssaPkgs[0]
	for _, c := range []struct {
		fn         string
		kind       model.ObjectOp
		cond       bool
		hold       int
		lock, name bool
	}{
		{"s3Read", model.ObjectRead, false, 0, true, true},
		{"s3Create", model.ObjectCreate, false, 0, true, true},
		{"s3CreateIfAbsent", model.ObjectCreate, true, 0, true, true},
		{"s3Built", model.ObjectCreate, true, 0, false, false}, // unknown: conditional
		{"s3DeleteCache", model.ObjectDelete, false, 0, false, true},
		{"gcsHold", model.ObjectUpdate, false, 1, true, true},
		{"gcsRelease", model.ObjectUpdate, false, -1, true, true},
		{"gcsDeleteGen", model.ObjectDelete, true, 0, true, true},
		{"gcsCreateIfAbsent", model.ObjectCreate, true, 0, false, true},
		{"minioCreate", model.ObjectCreate, false, 0, true, true},
		{"minioCreateIfAbsent", model.ObjectCreate, true, 0, true, true},
		{"minioRemoveVersion", model.ObjectDelete, true, 0, false, true},
	} {
		var op *Op
		for ci := range calls.In(pkg.Func(c.fn)) {
			if o := Of(ci); o != nil {
				op = o
			}
		}
		if op == nil {
			t.Errorf("%s: no object store call read", c.fn)
			continue
		}
		if op.Kind != c.kind || op.Conditional != c.cond || op.Hold != c.hold || (op.Name != nil) != c.name || LockObject(op.Name) != c.lock {
			t.Errorf("%s: kind %d, conditional %v, hold %d, named %v, lock %v; want %d, %v, %d, %v, %v",
				c.fn, op.Kind, op.Conditional, op.Hold, op.Name != nil, LockObject(op.Name), c.kind, c.cond, c.hold, c.name, c.lock)
		}
	}
	// lockName(key) in two functions names one object; a cache key does not.
	name := func(fn string) ssa.Value {
		for ci := range calls.In(pkg.Func(fn)) {
			if o := Of(ci); o != nil {
				return o.Name
			}
		}
		return nil
	}
	if !SameObject(name("s3Read"), name("s3Create")) {
		t.Error("SameObject(lockName(key), lockName(key)) = false across functions")
	}
	if SameObject(name("s3Read"), name("s3DeleteCache")) {
		t.Error(`SameObject(lockName(key), "cache/"+key) = true`)
	}
	if !SameObject(name("gcsHold"), name("gcsRelease")) {
		t.Error(`SameObject(key+".lock", key+".lock") = false across functions`)
	}
}
