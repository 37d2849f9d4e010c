package fences

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

const convergeSrc = `package p

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
)

func put(key string, data []byte) {}

func chunkPath(hash string) (string, error) {
	if len(hash) < 3 {
		return "", fmt.Errorf("short %q", hash)
	}
	return path.Join("chunk", hash[:2], hash), nil
}

func doneKey(id string) string  { return "done:" + id }
func retryKey(id string) string { return "retry:" + id }

// Blob: named by the digest of the bytes written.
func Blob(data []byte) {
	sum := sha256.Sum256(data)
	put("blob:"+hex.EncodeToString(sum[:]), data)
}

// Profile: named by a digest of the id, not of the bytes.
func Profile(id string, data []byte) {
	sum := sha256.Sum256([]byte(id))
	put("profile:"+hex.EncodeToString(sum[:]), data)
}

// Chunk: a digest-named parameter beside the content, through the
// package's key-path helper.
func Chunk(hash string, data []byte) {
	k, err := chunkPath(hash)
	if err != nil {
		return
	}
	put(k, data)
}

// Index: a digest-named parameter, but no content handed in.
func Index(hash string, n int) {
	put("size:"+hash, []byte(fmt.Sprint(n)))
}

func Keys(id string) {
	put(doneKey(id), nil)
	put(doneKey(id+"x"), nil)
	put(retryKey(id), nil)
}
`

// firstPut returns the calls of put in fn, in order.
func puts(fn *ssa.Function) []*ssa.Call {
	var out []*ssa.Call
	for ci := range calls.In(fn) {
		if c, ok := ci.(*ssa.Call); ok {
			if f := c.Call.StaticCallee(); f != nil && f.Name() == "put" {
				out = append(out, c)
			}
		}
	}
	return out
}

// TestDigestOf: a key is content-addressed when it is a digest of the
// bytes the write is given, or a digest-named parameter of a function
// handed the content.
func TestDigestOf(t *testing.T) {
	pkg := testutil.BuildSSA(t, convergeSrc)
	for name, want := range map[string]bool{"Blob": true, "Profile": false, "Chunk": true, "Index": false} {
		w := puts(pkg.Func(name))[0]
		if got := digestOf(w.Call.Args[0], w, 0); got != want {
			t.Errorf("digestOf(%s) = %v, want %v", name, got, want)
		}
	}
}

// TestMayBeSameKey: keys made by the same function of the package may
// collide; keys made by different ones are told apart.
func TestMayBeSameKey(t *testing.T) {
	pkg := testutil.BuildSSA(t, convergeSrc)
	ps := puts(pkg.Func("Keys"))
	if !mayBeSameKey(ps[0].Call.Args[0], ps[1].Call.Args[0]) {
		t.Errorf("doneKey(id) and doneKey(id+x): want may be the same")
	}
	if mayBeSameKey(ps[0].Call.Args[0], ps[2].Call.Args[0]) {
		t.Errorf("doneKey(id) and retryKey(id): want told apart")
	}
}
