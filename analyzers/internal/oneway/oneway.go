// Package oneway recognises one-way claims and the code that runs only
// after one took effect. A one-way claim is a conditional write that moves
// a record's state column from one constant to another (UPDATE
// redeem_codes SET status = 'used' WHERE id = $1 AND status = 'unused'),
// whose outcome its function tests, in a package where no write sets the
// column back: it can be won once per record, whatever lock is or is not
// held. What runs only on its success runs at most once per claimed
// record, so it cannot be a stale holder's duplicate or overwrite
// (mechanism 7, "fenced by dependence"). A package that also writes the
// guarded value (a reaper resetting running -> pending) has a lease, not
// a claim: the transition can be won again.
package oneway

import (
	"go/constant"
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Signal says how a call reports that its claim took effect.
type Signal int

const (
	Rows   Signal = iota // a count of rows changed: success when not 0
	ErrNil               // an error: success when nil
	True                 // a bool: success when true
)

// Claim is a call whose success means a one-way claim took effect: the
// claiming write itself, or a call of a function that reports one (its
// fact).
type Claim struct {
	Call *ssa.Call
	sig  Signal
	// is tells the values that carry the outcome (the rows affected read
	// from the write's result, the call's error or bool).
	is func(ssa.Value) bool
}

// Write returns the claim a write effect makes, given whether its
// transition can be won again (reset), or nil: a Transition that no write
// of the package undoes, on a call whose rows affected are read.
func Write(e *effect.Effect, reset func(*effect.Transition) bool) *Claim {
	call, ok := e.Call.(*ssa.Call)
	if !ok {
		return nil
	}
	t := e.Transition()
	if t == nil || reset(t) {
		return nil
	}
	cl := &Claim{Call: call, sig: Rows, is: rowsOf(call, e.Sink != nil && e.Sink.RowsField, e.RowsResult())}
	if !cl.Decided() {
		return nil // rows affected never tested: the holder carries on whether or not it won
	}
	return cl
}

// Create returns the claim an insert makes when the store keys its record
// uniquely and the code says so: its error is tested with a duplicate-key
// predicate (IsDuplicateEntryErr(err), errors.Is(err, ErrDuplicatedKey)).
// A holder that repeats the insert after another made the record is
// refused, and an insert never overwrites one: the record is made once,
// whatever lock is held. nil when the package also deletes from the
// insert's table (deleted: the record can be made again), or the insert
// reports no error.
func Create(e *effect.Effect, deleted func(table string) bool) *Claim {
	call, ok := e.Call.(*ssa.Call)
	if !ok || !e.Creates() || e.Table != "" && deleted(e.Table) {
		return nil
	}
	cl := Reporting(call, ErrNil)
	if cl == nil || !duplicateTested(calls.Result(call, call.Call.Signature().Results().Len()-1)) {
		return nil
	}
	return cl
}

// duplicateTested reports whether an error is handed to a predicate, or
// compared by errors.Is with a sentinel, whose name says the record
// already exists (vocab.DuplicateKey).
func duplicateTested(errv ssa.Value) bool {
	if errv == nil {
		return false
	}
	for _, r := range *errv.Referrers() {
		c, ok := r.(*ssa.Call)
		if !ok {
			continue
		}
		fn := calls.Callee(&c.Call)
		if fn == nil || c.Call.Signature().Results().Len() != 1 || !calls.IsBool(c.Call.Signature().Results().At(0).Type()) {
			continue
		}
		if vocab.DuplicateKey.Match(fn.Name()) {
			return true
		}
		if fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "Is" && len(c.Call.Args) == 2 {
			if ld, ok := calls.Unwrap(c.Call.Args[1]).(*ssa.UnOp); ok {
				if g, ok := ld.X.(*ssa.Global); ok && vocab.DuplicateKey.Match(g.Name()) {
					return true
				}
			}
		}
	}
	return false
}

// Reporting returns the claim made by calling a function that reports
// one through its result (sig: ErrNil or True), or nil when the call's
// results do not carry it.
func Reporting(call *ssa.Call, sig Signal) *Claim {
	res := call.Call.Signature().Results()
	var v ssa.Value
	switch {
	case sig == ErrNil && res.Len() > 0 && isError(res.At(res.Len()-1).Type()):
		v = calls.Result(call, res.Len()-1)
	case sig == True && res.Len() > 0 && calls.IsBool(res.At(0).Type()):
		v = calls.Result(call, 0)
	}
	if v == nil {
		return nil
	}
	return &Claim{Call: call, sig: sig, is: func(x ssa.Value) bool { return calls.Unwrap(x) == v }}
}

// SignalOf says how fn reports success: its last result is an error
// (ErrNil) or its first a bool (True); false when neither.
func SignalOf(sig *types.Signature) (Signal, bool) {
	res := sig.Results()
	switch {
	case res.Len() > 0 && isError(res.At(res.Len()-1).Type()):
		return ErrNil, true
	case res.Len() > 0 && calls.IsBool(res.At(0).Type()):
		return True, true
	}
	return 0, false
}

// rowsOf returns the test for the rows-affected values read from a
// write's result: the RowsAffected field of gorm's *DB (field), the
// result of a RowsAffected method called on the result or on its first
// result (database/sql's Result, pgx's CommandTag), or the first result
// itself when it is the count (first: ent's XUpdate.Save).
func rowsOf(call *ssa.Call, field, first bool) func(ssa.Value) bool {
	return func(v ssa.Value) bool {
		v = calls.Unwrap(v)
		switch x := v.(type) {
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			return ok && x.Op == token.MUL && field && calls.Unwrap(fa.X) == call && fieldName(fa) == "RowsAffected"
		case *ssa.Extract:
			if first && x.Index == 0 && x.Tuple == call {
				return true
			}
			c, ok := x.Tuple.(*ssa.Call)
			return ok && x.Index == 0 && rowsCall(c, call)
		case *ssa.Call:
			return rowsCall(x, call)
		}
		return false
	}
}

// rowsCall reports whether c is RowsAffected called on the result of
// write (or on its first result).
func rowsCall(c, write *ssa.Call) bool {
	fn := calls.Callee(&c.Call)
	if fn == nil || fn.Name() != "RowsAffected" {
		return false
	}
	r := calls.Unwrap(calls.Receiver(&c.Call))
	if r == write {
		return true
	}
	ext, ok := r.(*ssa.Extract)
	return ok && ext.Index == 0 && ext.Tuple == write
}

func fieldName(fa *ssa.FieldAddr) string {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return ""
	}
	s, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= s.NumFields() {
		return ""
	}
	return s.Field(fa.Field).Name()
}

// Decided reports whether an if of the claim's function tests its
// outcome.
func (c *Claim) Decided() bool {
	for _, b := range c.Call.Parent().Blocks {
		if ifi, ok := lastIf(b); ok && c.Call.Block().Dominates(b) {
			if _, ok := c.success(ifi.Cond); ok {
				return true
			}
		}
	}
	return false
}

// Dominates reports whether later runs only where the claim took effect:
// later's block is dominated by the branch of an if on the claim's
// outcome that means success, entered only through that if.
func (c *Claim) Dominates(later ssa.Instruction) bool {
	if later.Parent() != c.Call.Parent() || later.Block() == nil || !c.Call.Block().Dominates(later.Block()) {
		return false
	}
	for b := later.Block().Idom(); b != nil; b = b.Idom() {
		if ifi, ok := lastIf(b); ok && c.Call.Block().Dominates(b) {
			if i, ok := c.success(ifi.Cond); ok {
				s := b.Succs[i]
				if len(s.Preds) == 1 && s.Dominates(later.Block()) {
					return true
				}
			}
		}
		if b == c.Call.Block() {
			break
		}
	}
	return false
}

func lastIf(b *ssa.BasicBlock) (*ssa.If, bool) {
	if len(b.Instrs) == 0 {
		return nil, false
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	return ifi, ok
}

// success returns the index of the successor an if on cond takes when the
// claim took effect, when cond tests its outcome: n == 0, n != 1, n > 0
// on rows affected; err != nil, err == nil; ok, !ok, ok == true.
func (c *Claim) success(cond ssa.Value) (int, bool) {
	switch x := cond.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT && c.sig == True && c.is(x.X) {
			return 1, true
		}
	case *ssa.BinOp:
		v, k, op := x.X, x.Y, x.Op
		if _, isConst := v.(*ssa.Const); isConst {
			v, k, op = x.Y, x.X, flip(op)
		}
		kc, ok := k.(*ssa.Const)
		if !ok || !c.is(v) {
			return 0, false
		}
		switch c.sig {
		case Rows:
			if kc.Value == nil || kc.Value.Kind() != constant.Int {
				return 0, false
			}
			switch op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			default:
				return 0, false
			}
			// The branch taken when no row changed is the one 0 satisfies.
			if constant.Compare(constant.MakeInt64(0), op, kc.Value) {
				return 1, true
			}
			return 0, true
		case ErrNil:
			if !kc.IsNil() {
				return 0, false
			}
			switch op {
			case token.EQL:
				return 0, true
			case token.NEQ:
				return 1, true
			}
		case True:
			if kc.Value == nil || kc.Value.Kind() != constant.Bool {
				return 0, false
			}
			switch {
			case op == token.EQL && constant.BoolVal(kc.Value), op == token.NEQ && !constant.BoolVal(kc.Value):
				return 0, true
			case op == token.EQL, op == token.NEQ:
				return 1, true
			}
		}
	default:
		if c.sig == True && c.is(cond) {
			return 0, true
		}
	}
	return 0, false
}

func flip(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.LEQ:
		return token.GEQ
	case token.GTR:
		return token.LSS
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// Reports reports whether fn returns success (a nil error, or true: sig)
// only where one of its claims took effect: every return that may report
// success is dominated by a claim's success, and every other return
// reports failure for sure (a false, a non-nil error).
func Reports(fn *ssa.Function, sig Signal, claims []*Claim) bool {
	if len(claims) == 0 {
		return false
	}
	idx := 0
	if sig == ErrNil {
		idx = fn.Signature.Results().Len() - 1
	}
	returns := 0
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || idx >= len(ret.Results) {
			continue
		}
		returns++
		if fails(ret, ret.Results[idx], sig) {
			continue
		}
		claimed := false
		for _, c := range claims {
			if c.Dominates(ret) {
				claimed = true
				break
			}
		}
		if !claimed {
			return false
		}
	}
	return returns > 0
}

// fails reports whether a return's result v surely reports failure: false,
// or an error that cannot be nil (a value converted to error, a call of an
// error constructor, a sentinel variable, or a value returned where it
// was just tested non-nil).
func fails(ret *ssa.Return, v ssa.Value, sig Signal) bool {
	if k, ok := v.(*ssa.Const); ok {
		if sig == True {
			return k.Value != nil && k.Value.Kind() == constant.Bool && !constant.BoolVal(k.Value)
		}
		return !k.IsNil()
	}
	if sig != ErrNil {
		return false
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return true // a concrete value in an interface: never a nil error
	case *ssa.UnOp:
		if _, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
			return true // a sentinel error variable
		}
	case *ssa.Call:
		if fn := calls.Callee(&x.Call); fn != nil && fn.Pkg() != nil &&
			(fn.Pkg().Path() == "errors" && fn.Name() == "New" || model.MatchesAny(model.KB.ErrorFormatters, fn)) {
			return true
		}
	}
	return testedNonNil(ret, v)
}

// testedNonNil reports whether ret runs only on the branch of an if that
// found v (or the same field read again) non-nil: if res.Error != nil {
// return res.Error }.
func testedNonNil(ret *ssa.Return, v ssa.Value) bool {
	for b := ret.Block().Idom(); b != nil; b = b.Idom() {
		ifi, ok := lastIf(b)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.NEQ && cmp.Op != token.EQL {
			continue
		}
		x, k := cmp.X, cmp.Y
		if _, isConst := x.(*ssa.Const); isConst {
			x, k = cmp.Y, cmp.X
		}
		if kc, ok := k.(*ssa.Const); !ok || !kc.IsNil() || !calls.SameValue(x, v) {
			continue
		}
		i := 0
		if cmp.Op == token.EQL {
			i = 1
		}
		if s := b.Succs[i]; len(s.Preds) == 1 && s.Dominates(ret.Block()) {
			return true
		}
	}
	return false
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
