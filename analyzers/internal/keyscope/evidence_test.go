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
	for name, want := range map[string]bool{"Lock": true, "seen": false, "once": false} {
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
