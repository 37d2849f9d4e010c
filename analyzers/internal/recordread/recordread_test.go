package recordread

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"golang.org/x/tools/go/ssa"
)

// A lock document in MongoDB, read directly, through a function of the
// package, or through a function known only by its summary (remoteGet),
// then compared in Go before DeleteOne.
const src = `package lockdoc

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

type lockDoc struct {
	Owner string ` + "`bson:\"owner\"`" + `
	Count int    ` + "`bson:\"count\"`" + `
}

type locker struct {
	coll  *mongo.Collection
	id    string
	me    string
	limit int
}

func (l *locker) getLock(ctx context.Context) (lockDoc, error) {
	var doc lockDoc
	err := l.coll.FindOne(ctx, bson.M{"_id": l.id}).Decode(&doc)
	return doc, err
}

func remoteGet(ctx context.Context) lockDoc { return lockDoc{} }

func (l *locker) direct(ctx context.Context) {
	var doc lockDoc
	if err := l.coll.FindOne(ctx, bson.M{"_id": l.id}).Decode(&doc); err != nil {
		return
	}
	if doc.Owner != l.me {
		return
	}
	l.coll.DeleteOne(ctx, bson.M{"_id": l.id})
}

func (l *locker) helper(ctx context.Context) {
	doc, _ := l.getLock(ctx)
	if doc.Owner == l.me {
		l.coll.DeleteOne(ctx, bson.M{"_id": l.id})
	}
}

func (l *locker) summarised(ctx context.Context) {
	if remoteGet(ctx).Owner == l.me {
		l.coll.DeleteOne(ctx, bson.M{"_id": l.id})
	}
}

func (l *locker) countOnly(ctx context.Context) {
	doc, _ := l.getLock(ctx)
	if doc.Count != l.limit {
		return
	}
	l.coll.DeleteOne(ctx, bson.M{"_id": l.id})
}

func (l *locker) notRead(ctx context.Context, owner string) {
	if owner != l.me {
		return
	}
	l.coll.DeleteOne(ctx, bson.M{"_id": l.id})
}
`

// TestReads: the comparison that guards a DeleteOne is found with the
// read it compares (FindOne, the package's getLock, the summarised
// remoteGet); a compared count, or a value never read, is no owner check;
// getLock returns its FindOne.
func TestReads(t *testing.T) {
	u := testunit.BuildStubbed(t, "example.com/lockdoc", src, "go.mongodb.org")
	funcs := map[string]*ssa.Function{}
	for _, fn := range u.Funcs {
		funcs[fn.Name()] = fn
	}
	rd := New(u.Local, func(c *ssa.Call) bool {
		callee := calls.Callee(&c.Call)
		return callee != nil && callee.Name() == "remoteGet"
	})
	for name, want := range map[string]string{
		"direct":     "FindOne",
		"helper":     "getLock",
		"summarised": "remoteGet",
		"countOnly":  "",
		"notRead":    "",
	} {
		del := callNamed(funcs[name], "DeleteOne")
		if del == nil {
			t.Fatalf("no DeleteOne in %s", name)
		}
		read, cmp := rd.Compared(del)
		got := ""
		if read != nil {
			got = calls.Callee(read.Common()).Name()
			if cmp == nil {
				t.Errorf("%s: a read without its comparison", name)
			}
		}
		if got != want {
			t.Errorf("Compared in %s = %q, want %q", name, got, want)
		}
	}
	if r := rd.Returned(funcs["getLock"]); r == nil || calls.Callee(r.Common()).Name() != "FindOne" {
		t.Errorf("Returned(getLock) = %v, want its FindOne", r)
	}
	if r := rd.Returned(funcs["remoteGet"]); r != nil {
		t.Errorf("Returned(remoteGet) = %v, want none (it reads nothing)", r)
	}
}

func callNamed(fn *ssa.Function, name string) ssa.CallInstruction {
	for ci := range calls.In(fn) {
		if c := calls.Callee(ci.Common()); c != nil && c.Name() == name {
			return ci
		}
	}
	return nil
}
