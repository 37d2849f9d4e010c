package librelease

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// The library's own package: its Release (a lock's Release in the
// knowledge base) deletes the key unconditionally through a helper; its
// other methods delete nothing that is a release.
const src = `package redislock

import (
	"context"

	"github.com/redis/go-redis/v9"
)

type Client struct{ client *redis.Client }

type Lock struct {
	client *Client
	key    string
}

func (l *Lock) Release(ctx context.Context) error { return l.del(ctx) }

func (l *Lock) del(ctx context.Context) error { return l.client.client.Del(ctx, l.key).Err() }

func (c *Client) Flush(ctx context.Context, key string) { c.client.Del(ctx, key) }
`

func TestFindings(t *testing.T) {
	u := testunit.BuildStubbed(t, "github.com/bsm/redislock", src, "github.com/redis")
	got := Findings(u.Pkg, u.Funcs)
	if len(got) != 1 {
		t.Fatalf("Findings = %v, want one: Release's Del", got)
	}
	f := got[0]
	if f.Code != checks.UnsafeRelease || u.Pass.Fset.Position(f.Pos).Line != 18 {
		t.Errorf("Findings = %s at line %d, want FC5001 at the Del of del (line 18)", f.Code, u.Pass.Fset.Position(f.Pos).Line)
	}
}
