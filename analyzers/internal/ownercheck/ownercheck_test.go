package ownercheck

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"golang.org/x/tools/go/ssa"
)

// TestCompareAndDelete: the release script (GET, compare with an ARGV,
// DEL or UNLINK) and the ARGV holding the owner; a script that deletes
// without reading, or reads without deleting, is none.
func TestCompareAndDelete(t *testing.T) {
	for src, want := range map[string]int{
		`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`: 1,
		`if redis.call('GET', KEYS[1]) == ARGV[2] then return redis.call('UNLINK', KEYS[1]) end`:            2,
		`return redis.call("del", KEYS[1])`: 0,
		`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end`: 0,
		`if redis.call("get", KEYS[1]) == "x" then return redis.call("del", KEYS[1]) end`:                  0,
	} {
		n, ok := CompareAndDelete(src)
		if ok != (want > 0) || n != want {
			t.Errorf("CompareAndDelete(%q) = %d, %v, want %d", src, n, ok, want)
		}
	}
}

// TestCompareAndExpire: the renewal script (GET, compare with an ARGV,
// PEXPIRE or EXPIRE) and the ARGV holding the owner; a release, a plain
// PEXPIRE and a comparison with a constant are none.
func TestCompareAndExpire(t *testing.T) {
	for src, want := range map[string]int{
		`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`: 1,
		`if redis.call('GET', KEYS[1]) == ARGV[2] then
			return redis.call('EXPIRE', KEYS[1], ARGV[1])
		end
		return 0`: 2,
		`if ARGV[1] == redis.call("get", KEYS[1]) then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`:                                                     1,
		`return redis.call("pexpire", KEYS[1], ARGV[1])`:                                                                                                                0,
		`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`:                                                             0,
		`if redis.call("get", KEYS[1]) == "x" then return redis.call("pexpire", KEYS[1], ARGV[1]) end`:                                                                  0,
		`if redis.call("exists", KEYS[1]) == 1 then return redis.call("pexpire", KEYS[1], ARGV[1]) end`:                                                                 0,
		"local token = ARGV[1]\nlocal ttl = tonumber(ARGV[2])\nif redis.call(\"GET\", KEYS[1]) ~= token then return 0 end\nreturn redis.call(\"EXPIRE\", KEYS[1], ttl)": 1,
	} {
		n, ok := CompareAndExpire(src)
		if ok != (want > 0) || n != want {
			t.Errorf("CompareAndExpire(%q) = %d, %v, want %d", src, n, ok, want)
		}
	}
}

// TestNamesOneRow: a DELETE by equality on a column (a placeholder or a
// string constant) names one lock; a sweep of stale rows does not.
func TestNamesOneRow(t *testing.T) {
	for text, want := range map[string]bool{
		"DELETE FROM locks WHERE name = $1":                true,
		"DELETE FROM locks WHERE name = 'billing'":         true,
		"DELETE FROM locks WHERE expires_at < now()":       false,
		"DELETE FROM locks WHERE stale":                    false,
		"DELETE FROM locks WHERE expires_at <= 'today'":    false,
		"DELETE FROM locks WHERE name = $1 AND owner = $2": true,
	} {
		if got := NamesOneRow(sqlfence.Parse(text), text); got != want {
			t.Errorf("NamesOneRow(%q) = %v, want %v", text, got, want)
		}
	}
	words, ok := WhereWords("DELETE FROM locks WHERE name = $1 AND lock_owner = $2")
	if !ok || len(words) != 5 || words[0] != "name" || words[3] != "lock_owner" {
		t.Errorf("WhereWords = %q, %v, want [name 1 and lock_owner 2]", words, ok)
	}
	if _, ok := WhereWords("DELETE FROM locks"); ok {
		t.Errorf("WhereWords without WHERE: ok, want not")
	}
}

// TestComparedInGo: a GET whose value is compared with == or
// strings.EqualFold, and the value it is compared with; a GET only
// printed is compared with nothing.
func TestComparedInGo(t *testing.T) {
	u := testunit.BuildStubbed(t, "example.com/release", `package release

import (
	"context"
	"fmt"
	"strings"

	"github.com/redis/go-redis/v9"
)

func equal(ctx context.Context, rdb *redis.Client, key, owner string) bool {
	return rdb.Get(ctx, key).Val() == owner
}

func fold(ctx context.Context, rdb *redis.Client, key, owner string) bool {
	v, _ := rdb.Get(ctx, key).Result()
	return strings.EqualFold(v, owner)
}

func printed(ctx context.Context, rdb *redis.Client, key string) {
	fmt.Println(rdb.Get(ctx, key).Val())
}
`, "github.com/redis")
	for name, want := range map[string]bool{"equal": true, "fold": true, "printed": false} {
		get := getIn(t, u.Pkg.Func(name))
		other, ok := ComparedInGo(get)
		if ok != want {
			t.Errorf("ComparedInGo in %s = %v, want %v", name, ok, want)
		}
		if ok {
			if p, isParam := other.(*ssa.Parameter); !isParam || p.Name() != "owner" {
				t.Errorf("ComparedInGo in %s compares with %v, want the parameter owner", name, other)
			}
		}
	}
}

func getIn(t *testing.T, fn *ssa.Function) *ssa.Call {
	t.Helper()
	for ci := range calls.In(fn) {
		if c, ok := ci.(*ssa.Call); ok && calls.Callee(&c.Call) != nil && calls.Callee(&c.Call).Name() == "Get" {
			return c
		}
	}
	t.Fatalf("no Get in %s", fn.Name())
	return nil
}

// TestTxnHasIf: an etcd transaction whose If receives a comparison checks
// the key; an empty If, or none, checks nothing.
func TestTxnHasIf(t *testing.T) {
	u := testunit.BuildStubbed(t, "example.com/release", `package release

import (
	"context"

	clientv3 "go.etcd.io/etcd/client/v3"
)

func compared(ctx context.Context, cli *clientv3.Client, key string, rev int64) {
	cli.Txn(ctx).If(clientv3.Compare(clientv3.CreateRevision(key), "=", rev)).Then(clientv3.OpDelete(key)).Commit()
}

func emptyIf(ctx context.Context, cli *clientv3.Client, key string) {
	cli.Txn(ctx).If().Then(clientv3.OpDelete(key)).Commit()
}

func noIf(ctx context.Context, cli *clientv3.Client, key string) {
	cli.Txn(ctx).Then(clientv3.OpDelete(key)).Commit()
}
`, "go.etcd.io", "go.uber.org", "google.golang.org")
	for name, want := range map[string]bool{"compared": true, "emptyIf": false, "noIf": false} {
		var then *ssa.Call
		for ci := range calls.In(u.Pkg.Func(name)) {
			if c, ok := ci.(*ssa.Call); ok && calls.Callee(&c.Call) != nil && calls.Callee(&c.Call).Name() == "Then" {
				then = c
			}
		}
		if then == nil {
			t.Fatalf("no Then in %s", name)
		}
		if got := TxnHasIf(calls.Receiver(&then.Call)); got != want {
			t.Errorf("TxnHasIf in %s = %v, want %v", name, got, want)
		}
	}
}

// TestHolderCompared: a script that reads a key and compares it with an
// argument, directly or through a local naming it, with == or ~=, before
// it acts; a comparison with a constant, or a script that reads nothing,
// is none.
func TestHolderCompared(t *testing.T) {
	for src, want := range map[string]int{
		`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end`: 1,
		`local token = ARGV[2]
		if redis.call("GET", KEYS[1]) ~= token then return 0 end
		redis.call("SET", KEYS[1], "BOOKED")`: 2,
		`local tokens = ARGV[3] if redis.call("hget", KEYS[1], "owner") == tokens then return 1 end`: 3,
		`if redis.call("get", KEYS[1]) == "x" then return redis.call("set", KEYS[1], ARGV[1]) end`:   0,
		`return redis.call("set", KEYS[1], ARGV[1])`:                                                 0,
	} {
		n, ok := HolderCompared(src)
		if ok != (want > 0) || n != want {
			t.Errorf("HolderCompared(%q) = %d, %v, want %d", src, n, ok, want)
		}
	}
}
