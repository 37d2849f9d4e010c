package keyscope_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/keyscope"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"golang.org/x/tools/go/ssa"
)

const src = `package p

import (
	"context"
	"database/sql"
	"time"

	"github.com/redis/go-redis/v9"
)

type Lock struct {
	rdb  *redis.Client
	name string
}

func key(name string) string { return "job:" + name }

// Taken here, deleted by its Unlock: a lock.
func (l *Lock) Lock(ctx context.Context) bool {
	return l.rdb.SetNX(ctx, key(l.name), 1, time.Minute).Val()
}

func (l *Lock) Unlock(ctx context.Context) { l.rdb.Del(ctx, key(l.name)) }

// Never deleted: a de-duplication marker.
func seen(ctx context.Context, rdb *redis.Client, id string) bool {
	return rdb.SetNX(ctx, "seen:"+id, 1, time.Hour).Val()
}

// Deleted only when the work after it failed: a marker rolled back.
func once(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) error {
	if !rdb.SetNX(ctx, "processed:"+id, 1, time.Hour).Val() {
		return nil
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO payments (id) VALUES ($1)", id); err != nil {
		rdb.Del(ctx, "processed:"+id)
		return err
	}
	return nil
}

// A key built from parameters has no shape; handed as it is to a
// function that deletes its key parameter, it is a lock's.
func run(ctx context.Context, rdb *redis.Client, prefix, item string) {
	k := prefix + item
	if !rdb.SetNX(ctx, k, 1, time.Minute).Val() {
		return
	}
	go keepAlive(ctx, rdb, k)
}

func keepAlive(ctx context.Context, rdb *redis.Client, k string) {
	rdb.Expire(ctx, k, time.Minute)
	rdb.Del(ctx, k)
}

// The same key value deleted in place is no evidence by value (the
// section's own release test decides that).
func fill(ctx context.Context, rdb *redis.Client, prefix, item string) {
	k := prefix + item
	if !rdb.SetNX(ctx, k, 1, time.Minute).Val() {
		return
	}
	rdb.Del(ctx, k)
}
`

// TestEvidence: a SET NX key is a lock's by what the package does with it
// where the lock may be held.
func TestEvidence(t *testing.T) {
	u := testunit.BuildStubbed(t, "p", src, "github.com/redis")
	ev := keyscope.NewEvidence(u.Funcs)
	byName := map[string]*ssa.Function{}
	for _, fn := range u.Funcs {
		byName[fn.Name()] = fn
	}
	for name, want := range map[string]bool{"Lock": true, "seen": false, "once": false, "run": true, "fill": false} {
		fn := byName[name]
		if fn == nil {
			t.Fatalf("no function %s", name)
		}
		var key ssa.Value
		for ci := range calls.In(fn) {
			if l := calls.KeyHeldAcquire(ci.Common()); l != nil {
				key = calls.FlatArg(ci.Common(), l.Handle)
			}
		}
		if key == nil {
			t.Fatalf("no SET NX in %s", name)
		}
		if got := ev.Of(fn, key); got != want {
			t.Errorf("Of(SET NX key in %s) = %v, want %v", name, got, want)
		}
	}
	if !ev.HeldAt(byName["Lock"], byName["Unlock"]) {
		t.Errorf("HeldAt(Lock, Unlock): a method of the type whose method acquires")
	}
}

const wrapSrc = `package w

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Client struct{ rdb *redis.Client }

func (c *Client) Release(ctx context.Context, key string) error { return c.rdb.Del(ctx, key).Err() }

func (c *Client) Touch(ctx context.Context, ttl time.Duration, key string) {
	c.rdb.Expire(ctx, key, ttl)
}

// Drop hands its key to Release: a wrapper of the wrapper.
func (c *Client) Drop(ctx context.Context, key string) { c.Release(ctx, key) }

// Get reads the key: no lock's use.
func (c *Client) Get(ctx context.Context, key string) string { return c.rdb.Get(ctx, key).Val() }

// Pinned deletes a constant key, not its parameter.
func (c *Client) Pinned(ctx context.Context, key string) { c.rdb.Del(ctx, "pinned") }
`

// TestKeyUses: the functions of a package that delete, script or extend
// the key a parameter names, directly or through another such function.
func TestKeyUses(t *testing.T) {
	u := testunit.BuildStubbed(t, "w", wrapSrc, "github.com/redis")
	got := map[string]keyscope.KeyUse{}
	for fn, use := range keyscope.NewEvidence(u.Funcs).KeyUses() {
		got[fn.Name()] = *use
	}
	want := map[string]keyscope.KeyUse{
		"Release": {Param: 1},
		"Touch":   {Param: 2, Extend: true},
		"Drop":    {Param: 1},
	}
	if len(got) != len(want) {
		t.Errorf("KeyUses = %v, want %v", got, want)
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("KeyUses[%s] = %+v, want %+v", name, got[name], w)
		}
	}
}
