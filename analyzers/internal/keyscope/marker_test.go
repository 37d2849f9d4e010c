package keyscope_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/keyscope"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"golang.org/x/tools/go/ssa"
)

const markerSrc = `package p

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Kept once acknowledged, deleted when refused or timed out: a marker.
func queued(ctx context.Context, rdb *redis.Client, ids []string, acks chan bool) {
	for _, id := range ids {
		key := "queued:" + id
		ok, err := rdb.SetNX(ctx, key, 1, time.Hour).Result()
		if err != nil || !ok {
			continue
		}
		select {
		case ack := <-acks:
			if !ack {
				rdb.Del(ctx, key)
			}
		case <-time.After(time.Second):
			rdb.Del(ctx, key)
		}
	}
}

// Deleted after the work too: a lock.
func released(ctx context.Context, rdb *redis.Client, id string, acks chan bool) {
	key := "item:" + id
	if !rdb.SetNX(ctx, key, 1, time.Minute).Val() {
		return
	}
	if !<-acks {
		rdb.Del(ctx, key)
		return
	}
	rdb.Del(ctx, key)
}

// A deferred delete: a lock.
func deferred(ctx context.Context, rdb *redis.Client, id string, acks chan bool) {
	key := "item:" + id
	if !rdb.SetNX(ctx, key, 1, time.Minute).Val() {
		return
	}
	defer rdb.Del(ctx, key)
	if !<-acks {
		rdb.Del(ctx, key)
	}
}

// Kept only on an error's path, deleted on the success path: a lock
// whose release a failure skips.
func leaky(ctx context.Context, rdb *redis.Client, id string, work func() error) error {
	key := "item:" + id
	if !rdb.SetNX(ctx, key, 1, time.Minute).Val() {
		return nil
	}
	if err := work(); err != nil {
		return err
	}
	rdb.Del(ctx, key)
	return nil
}

// The key handed to the program's own helper on the kept path: unknown.
func helper(ctx context.Context, rdb *redis.Client, id string, acks chan bool) {
	key := "item:" + id
	if !rdb.SetNX(ctx, key, 1, time.Minute).Val() {
		return
	}
	if !<-acks {
		rdb.Del(ctx, key)
		return
	}
	done(ctx, rdb, key)
}

func done(ctx context.Context, rdb *redis.Client, key string) { rdb.Del(ctx, key) }

`

// TestMarkerKept: a delete undoes a de-duplication marker when the
// function keeps the key on a path where the work succeeded.
func TestMarkerKept(t *testing.T) {
	u := testunit.BuildStubbed(t, "p", markerSrc, "github.com/redis")
	byName := map[string]*ssa.Function{}
	for _, fn := range u.Funcs {
		byName[fn.Name()] = fn
	}
	for name, want := range map[string]bool{"queued": true, "released": false, "deferred": false, "leaky": false, "helper": false} {
		fn := byName[name]
		if fn == nil {
			t.Fatalf("no function %s", name)
		}
		var set *ssa.Call
		var key ssa.Value
		var dels []ssa.CallInstruction
		for ci := range calls.In(fn) {
			c := ci.Common()
			if l := calls.KeyHeldAcquire(c); l != nil {
				set, key = ci.(*ssa.Call), calls.FlatArg(c, l.Handle)
			} else if callee := calls.Callee(c); callee != nil && callee.Name() == "Del" {
				if _, isDefer := ci.(*ssa.Defer); !isDefer {
					dels = append(dels, ci)
				}
			}
		}
		if set == nil || len(dels) == 0 {
			t.Fatalf("%s: no SET NX or no delete", name)
		}
		for _, del := range dels {
			if got := keyscope.Rollback(set, del, key); got != want {
				t.Errorf("%s: Rollback(delete at %v) = %v, want %v", name, u.Pass.Fset.Position(del.Pos()), got, want)
			}
		}
	}
}
