package releasefix

import (
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"golang.org/x/tools/go/ssa"
)

const src = `package job

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

func newToken() string { return "t" }

func plain(ctx context.Context, rdb *redis.Client) {
	token := newToken()
	if ok, _ := rdb.SetNX(ctx, "lock:job", token, time.Minute).Result(); !ok {
		return
	}
	rdb.Del(ctx, "lock:job")
}

func deferred(ctx context.Context, rdb *redis.Client, key string) error {
	owner := newToken()
	if !rdb.SetNX(ctx, key, owner, time.Minute).Val() {
		return nil
	}
	defer rdb.Del(ctx, key)
	return nil
}

func constant(ctx context.Context, rdb *redis.Client) {
	if !rdb.SetNX(ctx, "lock:job", "1", time.Minute).Val() {
		return
	}
	rdb.Del(ctx, "lock:job")
}

func counted(ctx context.Context, rdb *redis.Client) int64 {
	token := newToken()
	if !rdb.SetNX(ctx, "lock:job", token, time.Minute).Val() {
		return 0
	}
	return rdb.Del(ctx, "lock:job").Val()
}
`

// TestScript: a Del statement (plain or deferred) of the SET NX key with a
// variable owner becomes the compare-and-delete script; a constant owner
// (the script would be as unsafe) or a Del whose count is used gets none.
func TestScript(t *testing.T) {
	u := testunit.BuildStubbed(t, "example.com/job", src, "github.com/redis")
	for name, want := range map[string]string{
		"plain":    `).Run(ctx, rdb, []string{"lock:job"}, token)`,
		"deferred": `).Run(ctx, rdb, []string{key}, owner)`,
		"constant": "",
		"counted":  "",
	} {
		fn := u.Pkg.Func(name)
		var set *ssa.Call
		var del ssa.CallInstruction
		for ci := range calls.In(fn) {
			switch calls.Callee(ci.Common()).Name() {
			case "SetNX":
				set = ci.(*ssa.Call)
			case "Del":
				del = ci
			}
		}
		kl := calls.KeyHeldAcquire(&set.Call)
		if kl == nil {
			t.Fatalf("%s: SetNX is no SET NX lock of the knowledge base", name)
		}
		fixes := Script(u, del, calls.Callee(del.Common()), Acquisition{Call: set, Fn: fn, Owner: calls.FlatArg(&set.Call, kl.Owner), OwnerArg: kl.Owner})
		got := ""
		if len(fixes) == 1 && len(fixes[0].TextEdits) == 1 {
			got = string(fixes[0].TextEdits[0].NewText)
		}
		switch {
		case want == "" && len(fixes) != 0:
			t.Errorf("%s: fix %q, want none", name, got)
		case want != "" && (!strings.HasPrefix(got, "redis.NewScript(`") || !strings.HasSuffix(got, want)):
			t.Errorf("%s: fix %q, want redis.NewScript(`...`%s", name, got, want)
		}
	}
}
