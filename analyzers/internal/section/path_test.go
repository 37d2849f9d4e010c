package section_test

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

const pathSrc = `package p

import (
	"context"
	"database/sql"
)

type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

type Queries struct{ db querier }

func New(db querier) *Queries { return &Queries{db: db} }

type Pair struct{ a, b querier }

func NewPair(a, b querier) *Pair { return &Pair{a, b} }

func (q *Queries) WithTx(tx *sql.Tx) *Queries { return &Queries{db: tx} }

func (q *Queries) Named(name string) *Pair { return nil }

func (q *Queries) Exec(ctx context.Context) { q.db.ExecContext(ctx, "UPDATE t SET x = 1") }

func runTx(ctx context.Context, conn *sql.Conn, fn func(*sql.Tx) error) error {
	tx, _ := conn.BeginTx(ctx, nil)
	return fn(tx)
}

func use(ctx context.Context, conn *sql.Conn, db *sql.DB) {
	tx, _ := conn.BeginTx(ctx, nil)
	ptx, _ := db.BeginTx(ctx, nil)
	q := New(conn)
	pr := NewPair(conn, db)
	sink(tx, ptx, q, pr, New(db).WithTx(tx), New(conn).WithTx(ptx))
	runTx(ctx, conn, func(tx *sql.Tx) error {
		tx.ExecContext(ctx, "UPDATE t SET x = 2")
		return nil
	})
}

func sink(...any) {}
`

// Session: a transaction begun on a connection and a query wrapper made
// from it, or rebound to it (WithTx), run on its session; a transaction of
// the pool, and a wrapper of two values, are themselves.
func TestSession(t *testing.T) {
	pkg := testutil.BuildSSA(t, pathSrc)
	use := pkg.Func("use")
	conn := use.Params[1]
	var sinkCall *ssa.Call
	for ci := range calls.In(use) {
		if fn := calls.Callee(ci.Common()); fn != nil && fn.Name() == "sink" {
			sinkCall = ci.(*ssa.Call)
		}
	}
	args, _ := calls.Variadic(calls.Arg(&sinkCall.Call, 0))
	for i, want := range []bool{true, false, true, false, true, false} {
		if got := section.Session(args[i]) == conn; got != want {
			t.Errorf("Session(sink argument %d) is the connection: %v, want %v", i, got, want)
		}
	}
}

// Path.Literal: the callback a transaction helper runs stands, through
// its parameter, for the transaction the helper began on the connection
// it was given, and so for that connection.
func TestPathLiteral(t *testing.T) {
	pkg := testutil.BuildSSA(t, pathSrc)
	use, runTx := pkg.Func("use"), pkg.Func("runTx")
	var call *ssa.Call
	for ci := range calls.In(use) {
		if ci.Common().StaticCallee() == runTx {
			call = ci.(*ssa.Call)
		}
	}
	arg := call.Call.Args[2]
	lit := calls.FuncOf(arg)
	var path *section.Path
	path = path.Literal(call, arg, lit, runTx, 2)
	if got := path.Origin(lit.Params[0]); got != use.Params[1] {
		t.Errorf("the callback's transaction stands for %v, want the connection use passed (%v)", got, use.Params[1])
	}
	// ctx, captured: the closure loads it from the variable use made.
	var load ssa.Value
	for _, r := range *lit.FreeVars[0].Referrers() {
		if u, ok := r.(*ssa.UnOp); ok {
			load = u
		}
	}
	if got := path.Origin(load); got != use.Params[0] {
		t.Errorf("the callback's captured ctx stands for %v, want use's ctx", got)
	}
}

// Path.Calls: the frames of the walk's way down, outermost first, through
// a function call and a function literal handed to a helper.
func TestPathCalls(t *testing.T) {
	pkg := testutil.BuildSSA(t, pathSrc)
	use, runTx, newQ := pkg.Func("use"), pkg.Func("runTx"), pkg.Func("New")
	var toTx, toNew *ssa.Call
	for ci := range calls.In(use) {
		switch ci.Common().StaticCallee() {
		case runTx:
			toTx = ci.(*ssa.Call)
		case newQ:
			toNew = ci.(*ssa.Call)
		}
	}
	var top *section.Path
	if got := top.Calls(); len(got) != 0 {
		t.Errorf("the section's own function has frames %v, want none", got)
	}
	arg := toTx.Call.Args[2]
	lit := calls.FuncOf(arg)
	inLit := top.Literal(toTx, arg, lit, runTx, 2)
	var litCall *ssa.Call
	for ci := range calls.In(lit) {
		litCall = ci.(*ssa.Call)
	}
	below := inLit.Enter(litCall, nil, nil)
	got := below.Calls()
	if len(got) != 2 || got[0] != toTx || got[1] != litCall {
		t.Errorf("frames %v, want [%v %v]", got, toTx, litCall)
	}
	if got := top.Enter(toNew, newQ.Params, toNew.Call.Args).Calls(); len(got) != 1 || got[0] != toNew {
		t.Errorf("frames of one call %v, want [%v]", got, toNew)
	}
}
