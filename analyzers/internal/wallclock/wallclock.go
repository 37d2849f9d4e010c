// Package wallclock is the wall-clock check, FC4001 (wallclockttl). The
// engine runs Check on every relevant package once its critical sections
// are walked (package unit).
package wallclock

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/clocklabel"
	"github.com/fencecheck/fencecheck/analyzers/internal/storelit"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"golang.org/x/tools/go/ssa"
)

// Check reports FC4001 (wallclockttl): lease validity, expiry or
// takeover decided by wall-clock arithmetic.
//
// A flow-insensitive labelling over the package's syntax (clocklabel) marks
// values as readings of this host's clock (time.Now, time.Since), as
// untrusted timestamps (from storage, another host or rebuilt without a
// monotonic reading: time.Unix, time.Parse, UTC(), scanned or decoded
// values, lease record fields, Unix() integers), and as lock TTLs (passed to
// a lock API, a lease duration field, or named like one). Labels flow
// through variables, struct fields, parameters and results of this
// package's functions.
//
// A comparison that mixes this host's clock with an untrusted timestamp,
// or this host's clock with a lock TTL (Redlock-style remaining validity),
// is reported when its result decides authority (decide.go): an
// If deciding whether a write or a takeover runs, or a function returning
// it as its verdict. An SQL write that compares a column with time.Now()
// computed in Go is reported too (sql.go), with a fix letting
// the database use its own clock.
//
// To stay precise the comparison needs lease vocabulary: a lock TTL, a
// value read from a lock store (lock table, lock key, lease record), an
// instant named as the lock's own, or a deadline-like name together with a
// lease-like struct or a function that touches a lock API. A record of any
// store is a lease by how it is read (acquire.go, holder.go): in an
// acquisition deciding a refusal or a takeover, or beside its owner test.
func Check(u *unit.Unit) {
	lab := clocklabel.New(u)
	w := &checker{
		Labeller: lab,
		lit:      storelit.New(lab.Reader),
		u:        u,
		info:     u.Pass.TypesInfo,
	}
	w.VisitAll(w.candidate)
	w.reportComparisons()
	w.checkSQL()
	w.checkStores()
}

// checker is the state of FC4001 for one package.
type checker struct {
	*clocklabel.Labeller                  // the labels of the package's clock values
	lit                  *storelit.Reader // store requests written as literals
	u                    *unit.Unit
	info                 *types.Info

	cands []*cand

	keys           map[token.Pos]bool // effects a comparison was reported for
	expFacts       map[*types.Func]*ExpiryParamFact
	ciAt           map[token.Pos]ssa.CallInstruction
	importedExpiry map[string]bool
	storedAt       map[storeKey]bool // lease columns an acquisition's store of this host's clock was reported for

	// SSA side (decide.go), built on first use.
	byPos    map[token.Pos]ssa.Value
	effs     map[*ssa.Function][]effectSite
	inner    map[*ssa.Function]*effectSite
	touch    map[*ssa.Function]bool
	reached  map[*ssa.Function]bool
	reachSet map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool

	// logicParent: the && / || expression an operand belongs to (holder.go).
	logicParent map[ast.Expr]ast.Expr
}
