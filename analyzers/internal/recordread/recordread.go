// Package recordread follows a value back to a read of a lock record in a
// document or key-value store (the knowledge base's record reads:
// DynamoDB GetItem, MongoDB FindOne, S3 GetObject; or a function that
// reads one), and finds the comparison in Go of such a value that decides
// whether a delete runs: the first two steps of a get-compare-delete,
// which FC5001 reports because another holder can take the lock between
// the compare and the delete.
package recordread

import (
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/dataflow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
	"github.com/fencecheck/fencecheck/analyzers/internal/valuename"
	"golang.org/x/tools/go/ssa"
)

// Reads answers, for one package, which store read a value comes from.
// Its answers are memoised: make one per package.
type Reads struct {
	local      func(*ssa.Function) bool          // a function with a body in this package
	summarised func(*ssa.Call) bool              // a call of a function known to return a read
	reads      map[*ssa.Function]bool            // memo of readsStore
	memo       map[ssa.Value]ssa.CallInstruction // memo of readOf
}

// New returns the reads of a package whose functions local reports
// (unit.Unit.Local); summarised reports a call of a function that returns
// a value read from a store (the caller's summaries, here or in other
// packages).
func New(local func(*ssa.Function) bool, summarised func(*ssa.Call) bool) *Reads {
	return &Reads{local: local, summarised: summarised, reads: map[*ssa.Function]bool{}, memo: map[ssa.Value]ssa.CallInstruction{}}
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// Returned returns the store read whose value a result of fn returns.
func (s *Reads) Returned(fn *ssa.Function) ssa.CallInstruction {
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for _, v := range ret.Results {
				if isError(v.Type()) {
					continue
				}
				if read := s.Of(v, 0); read != nil && read.Parent() == fn {
					return read
				}
			}
		}
	}
	return nil
}

// Compared finds, in the function of the delete ci, a comparison (==,
// !=) that decides whether the delete runs, of a value read from a store
// (not a nil check) with a value named like an owner or an ID; it returns
// the read and the comparison.
func (s *Reads) Compared(ci ssa.CallInstruction) (ssa.CallInstruction, *ssa.BinOp) {
	fn := ci.Parent()
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 || !b.Dominates(ci.Block()) || b == ci.Block() {
			continue
		}
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := iff.Cond.(*ssa.BinOp)
		if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) || isNil(cmp.X) || isNil(cmp.Y) {
			continue
		}
		for _, side := range [][2]ssa.Value{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
			read := s.Of(side[0], 0)
			if read == nil || !calls.Before(read, ci) {
				continue
			}
			if valuename.Owner(side[0]) || valuename.Owner(side[1]) {
				return read, cmp
			}
		}
	}
	return nil, nil
}

// readLayers are the operations between a read's result and what is taken
// from it.
const readLayers = dataflow.Designators | dataflow.Converts | dataflow.Lookups | dataflow.Extracts | dataflow.Asserts

// Of returns the store read a value comes from: the value of a field,
// map entry or element of the read's result, of a document it was decoded
// into, or of the result of a function of this package that reads.
func (s *Reads) Of(v ssa.Value, depth int) ssa.CallInstruction {
	if depth > 16 || v == nil {
		return nil
	}
	if r, ok := s.memo[v]; ok {
		return r
	}
	s.memo[v] = nil // a cycle, or a value being explored: no read through here
	r := s.readFrom(v, depth)
	s.memo[v] = r
	return r
}

func (s *Reads) readFrom(v ssa.Value, depth int) ssa.CallInstruction {
	// A field, element, entry or result of a read, loaded, converted or
	// asserted, is read data.
	if in, ok := dataflow.Inner(v, readLayers); ok {
		return s.Of(in, depth+1)
	}
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			if r := s.Of(e, depth+1); r != nil {
				return r
			}
		}
	case *ssa.Call:
		callee := calls.Callee(&x.Call)
		if model.MatchesAny(model.KB.RecordReads, callee) {
			return x
		}
		if sf := x.Call.StaticCallee(); sf != nil && s.local(sf) && s.readsStore(sf, 0) {
			return x // getLockInfo(ctx): a function of this package that reads the record
		}
		if s.summarised(x) {
			return x // InternalLock.GetLock(id): a lock type's read, here or elsewhere
		}
		if r := s.Of(calls.Receiver(&x.Call), depth+1); r != nil {
			return r // FindOne(...).Raw(), resp.Item accessors
		}
		for _, a := range calls.Args(&x.Call) {
			if r := s.Of(a, depth+2); r != nil {
				return r // io.ReadAll(out.Body), string(b)
			}
		}
	case *ssa.Alloc:
		// A document decoded into a local: FindOne(...).Decode(&doc),
		// json.Unmarshal(data, &doc) of read data.
		for _, u := range outcome.Uses(x) {
			if st, ok := u.(*ssa.Store); ok && st.Addr == x {
				if rd := s.Of(st.Val, depth+1); rd != nil {
					return rd // a variable captured by a closure lives in a cell
				}
				continue
			}
			c, ok := u.(*ssa.Call)
			if !ok {
				continue
			}
			for _, a := range c.Call.Args {
				if calls.Unwrap(a) != x {
					if rd := s.Of(a, depth+1); rd != nil {
						return rd
					}
				}
			}
		}
	}
	return nil
}

// readsStore reports whether fn (a function of this package) reads a store
// record, directly or through a function it calls.
func (s *Reads) readsStore(fn *ssa.Function, depth int) bool {
	if r, ok := s.reads[fn]; ok {
		return r
	}
	s.reads[fn] = false
	found := false
	for ci := range calls.In(fn) {
		if model.MatchesAny(model.KB.RecordReads, calls.Callee(ci.Common())) {
			found = true
			break
		}
		if sf := ci.Common().StaticCallee(); depth < 2 && sf != nil && s.local(sf) && s.readsStore(sf, depth+1) {
			found = true
			break
		}
	}
	s.reads[fn] = found
	return found
}
