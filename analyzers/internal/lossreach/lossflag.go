package lossreach

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/holderflag"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// FC5002's sticky holder flag (shape B of lossflow.go): a field that
// caches "this process holds the lease", left set on a path where the
// renewal failed, while another function reads it as the work's gate.

// stickyFlags reports shape (B).
func (l *checker) stickyFlags() {
	flags := holderflag.Find(l.u.Funcs, l.u.Pass.Pkg)
	if len(flags) == 0 {
		return
	}
	l.neverCleared(flags)
	for _, fn := range l.u.Funcs {
		if fn.Signature.Recv() == nil {
			continue
		}
		for ci := range calls.In(fn) {
			call, ok := ci.(*ssa.Call)
			if !ok {
				continue
			}
			callee := calls.Callee(&call.Call)
			if callee == nil || !beatNamed(callee.Name()) || !reportsFailure(call.Call.Signature()) || l.judgedRenewal(call) {
				continue
			}
			for _, f := range flags {
				if len(f.Sets) == 0 || !l.guardedBy(call, f) {
					continue
				}
				reader := l.otherReader(f, fn)
				if reader == nil {
					continue
				}
				ret, through := l.failurePathKeeps(call, f)
				if ret == nil {
					continue
				}
				l.reportSticky(call, callee, f, reader, ret, through)
				break
			}
		}
	}
}

// guardedBy reports whether the renewal runs only when the flag is set:
// an if on the flag (read directly or through a method of the package)
// dominates it.
func (l *checker) guardedBy(call *ssa.Call, f *holderflag.Flag) bool {
	for b := call.Block(); b != nil; b = b.Idom() {
		if b == call.Block() {
			continue
		}
		if len(b.Instrs) == 0 {
			continue
		}
		if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && l.readsFlag(iff.Cond, f, 0) {
			return true
		}
	}
	return false
}

// readsFlag reports whether v is computed from a read of the flag: the
// load itself, a comparison or negation of it, or a call of a function of
// the package that reads it.
func (l *checker) readsFlag(v ssa.Value, f *holderflag.Flag, depth int) bool {
	if depth > maxCallDepth {
		return false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return slices.Contains(f.Reads[x.Parent()], ssa.Instruction(x))
		}
		return l.readsFlag(x.X, f, depth+1)
	case *ssa.BinOp:
		return l.readsFlag(x.X, f, depth+1) || l.readsFlag(x.Y, f, depth+1)
	case *ssa.Call:
		if slices.Contains(f.Reads[x.Parent()], ssa.Instruction(x)) {
			return true
		}
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Pkg != l.u.Pkg {
			return false
		}
		if len(f.Reads[callee]) > 0 {
			return true
		}
		for ci := range calls.In(callee) {
			if c, ok := ci.(*ssa.Call); ok && l.readsFlag(c, f, depth+1) {
				return true
			}
		}
	}
	return false
}

// otherReader returns a function other than fn that reads the flag: the
// gate of the work. An exported reader comes first, then one called from
// elsewhere than fn.
func (l *checker) otherReader(f *holderflag.Flag, fn *ssa.Function) *ssa.Function {
	rank := func(r *ssa.Function) int {
		switch {
		case token.IsExported(r.Name()):
			return 0
		case slices.ContainsFunc(l.callSites(r), func(ci ssa.CallInstruction) bool { return ci.Parent() != fn }):
			return 1 // called from elsewhere than the renewal
		}
		return 2
	}
	var best *ssa.Function
	for r := range f.Reads {
		if r == fn {
			continue
		}
		if best == nil || rank(r) < rank(best) || rank(r) == rank(best) && r.Pos() < best.Pos() {
			best = r
		}
	}
	return best
}

// failurePathKeeps looks for a path from a failure of the renewal call
// (an if on its error or bool) that leaves the function, or comes back to
// the renewal, with the flag unchanged and nothing else done that could
// stop the work. It returns the return (or the renewal) the path reaches
// and the first block of the failure branch.
func (l *checker) failurePathKeeps(call *ssa.Call, f *holderflag.Flag) (ssa.Instruction, *ssa.BasicBlock) {
	fn := call.Parent()
	var starts []*ssa.BasicBlock
	results := []ssa.Value{call}
	if call.Call.Signature().Results().Len() > 1 {
		results = nil
		for i := 0; i < call.Call.Signature().Results().Len(); i++ {
			if v := calls.Result(call, i); v != nil {
				results = append(results, v)
			}
		}
	}
	for _, v := range results {
		for _, u := range outcome.Uses(v) {
			if succ := failureSucc(u, v); succ != nil {
				starts = append(starts, succ)
			}
		}
	}
	for _, s := range starts {
		seen := map[*ssa.BasicBlock]bool{}
		var walk func(b *ssa.BasicBlock, depth int) ssa.Instruction
		walk = func(b *ssa.BasicBlock, depth int) ssa.Instruction {
			if seen[b] || depth > 64 {
				return nil
			}
			seen[b] = true
			if b == call.Block() {
				return call // round the loop to the next renewal, flag still set
			}
			for _, instr := range b.Instrs {
				if l.reaches(instr, f, fn, 0) {
					return nil
				}
			}
			last := b.Instrs[len(b.Instrs)-1]
			switch x := last.(type) {
			case *ssa.Return:
				if outcome.ErrIndex(fn) >= 0 {
					if c, ok := x.Results[outcome.ErrIndex(fn)].(*ssa.Const); !ok || !c.IsNil() {
						return nil // the loss is handed to the caller
					}
				}
				return x
			case *ssa.If:
				if graceCheck(x.Cond, 0) {
					return nil // a grace period: the code decides by the lease's age or a count of failures
				}
			}
			for _, succ := range b.Succs {
				if r := walk(succ, depth+1); r != nil {
					return r
				}
			}
			return nil
		}
		if r := walk(s, 0); r != nil {
			return r, s
		}
	}
	return nil, nil
}

// failureSucc returns the successor an if on a renewal's result v, used
// by u (err != nil, err == nil, ok, !ok), takes when the renewal failed.
func failureSucc(u ssa.Instruction, v ssa.Value) *ssa.BasicBlock {
	switch x := u.(type) {
	case *ssa.If:
		if calls.IsBool(v.Type()) {
			return x.Block().Succs[1] // if ok { ... } else <failure>
		}
	case *ssa.UnOp:
		if x.Op == token.NOT {
			for _, u2 := range outcome.Uses(x) {
				if iff, ok := u2.(*ssa.If); ok {
					return iff.Block().Succs[0]
				}
			}
		}
	case *ssa.BinOp:
		if !isError(v.Type()) || !(isNil(x.X) || isNil(x.Y)) {
			return nil
		}
		for _, u2 := range outcome.Uses(x) {
			if iff, ok := u2.(*ssa.If); ok {
				if x.Op == token.NEQ {
					return iff.Block().Succs[0]
				}
				if x.Op == token.EQL {
					return iff.Block().Succs[1]
				}
			}
		}
	}
	return nil
}

// reaches reports whether an instruction on a failure path may carry the
// loss to the work: it writes the flag (or calls a function of the package
// that does), calls a function value (a cancel func), closes or sends on
// a channel, panics or ends the process. depth counts the calls followed.
func (l *checker) reaches(instr ssa.Instruction, f *holderflag.Flag, fn *ssa.Function, depth int) bool {
	switch x := instr.(type) {
	case *ssa.Send, *ssa.Panic:
		return true
	case *ssa.Store:
		return slices.Contains(f.Sets, instr) || slices.Contains(f.Clears, instr) || !localAddr(x.Addr, fn) && storesFlagField(x, f)
	case ssa.CallInstruction:
		if slices.Contains(f.Sets, instr) || slices.Contains(f.Clears, instr) {
			return true
		}
		c := x.Common()
		if bi, ok := c.Value.(*ssa.Builtin); ok {
			return bi.Name() == "close"
		}
		callee := calls.Callee(c)
		if callee == nil || model.MatchesAny(model.KB.ProcessExits, callee) {
			return true
		}
		if sc := c.StaticCallee(); sc != nil && sc.Pkg == l.u.Pkg {
			return l.writesFlag(sc, f, depth+1)
		}
		return handedTo(f, c)
	}
	return false
}

// handedTo reports whether a call of code not followed here is given the
// flag's struct or a function value or channel, through which it could
// clear the flag or stop the work.
func handedTo(f *holderflag.Flag, c *ssa.CallCommon) bool {
	if c.StaticCallee() != nil && len(c.StaticCallee().Blocks) > 0 {
		return false // followed by writesFlag, or of another package: cannot see an unexported field
	}
	for _, a := range c.Args {
		t := a.Type()
		if p, ok := t.Underlying().(*types.Pointer); ok && types.Identical(p.Elem(), f.Owner) {
			return true
		}
		switch t.Underlying().(type) {
		case *types.Signature, *types.Chan:
			return true
		}
	}
	return false
}

// storesFlagField reports a store into the flag's field that record did
// not file (a value computed at run time).
func storesFlagField(st *ssa.Store, f *holderflag.Flag) bool {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	return ok && calls.FieldVar(ptr.Elem(), fa.Field) == f.Field
}

// writesFlag reports whether fn (or a function of the package it calls)
// writes the flag, or cancels, closes, sends or exits.
func (l *checker) writesFlag(fn *ssa.Function, f *holderflag.Flag, depth int) bool {
	if depth > maxCallDepth {
		return true // unsure: as if it did
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if l.reaches(instr, f, fn, depth) {
				return true
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if l.writesFlag(anon, f, depth+1) {
			return true
		}
	}
	return false
}

// graceCheck reports whether a condition orders two values (failures >
// max) or involves the clock (time.Since, Before, After): a decision to
// give up only after a grace period, which this check does not judge.
func graceCheck(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.BinOp:
		return calls.IsOrder(x.Op) || graceCheck(x.X, depth+1) || graceCheck(x.Y, depth+1)
	case *ssa.UnOp:
		return graceCheck(x.X, depth+1)
	case *ssa.Convert:
		return graceCheck(x.X, depth+1)
	case *ssa.Call:
		if callee := calls.Callee(&x.Call); callee != nil && callee.Pkg() != nil && callee.Pkg().Path() == "time" {
			return true
		}
		for _, a := range x.Call.Args {
			if graceCheck(a, depth+1) {
				return true
			}
		}
	}
	return false
}

func (l *checker) reportSticky(call *ssa.Call, callee *types.Func, f *holderflag.Flag, reader *ssa.Function, end ssa.Instruction, through *ssa.BasicBlock) {
	name := l.callName(call, callee)
	var how string
	endPos := end.Pos()
	if end == ssa.Instruction(call) {
		how = "goes round to the next renewal"
	} else {
		how = "returns"
		if !endPos.IsValid() {
			endPos = call.Parent().Syntax().End()
		}
		if endPos.IsValid() {
			how += " at " + l.where(endPos)
		}
	}
	via := ""
	if p := firstPos(through); p.IsValid() {
		via = " through " + l.where(p)
	}
	related := []analysis.RelatedInformation{
		{Pos: f.Sets[0].Pos(), Message: fmt.Sprintf("%s is set here", f.Field.Name())},
		{Pos: reader.Pos(), Message: fmt.Sprintf("%s reads %s: the work's gate", calls.Outermost(reader).Name(), f.Field.Name())},
	}
	if endPos.IsValid() && end != ssa.Instruction(call) {
		related = append(related, analysis.RelatedInformation{Pos: endPos, Message: "the failure path leaves here with the flag still set"})
	}
	pos, posEnd := l.span(call)
	l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: posEnd, Key: call.Pos(), Related: related,
		Message: fmt.Sprintf("when this lease renewal (%s) fails, %s, which says this process holds the lease (set at %s), can stay set: the failure path%s %s without clearing it, cancelling a context, closing a channel or returning an error, so %s (at %s) goes on reporting the lease as held and the work it gates keeps running after the lease is lost; clear %s (and stop the work) on every path where the renewal fails",
			name, f.Field.Name(), l.where(f.Sets[0].Pos()), via, how, calls.Outermost(reader).Name(), l.where(reader.Pos()), f.Field.Name())})
}

// firstPos is the position of the first instruction of b that has one.
func firstPos(b *ssa.BasicBlock) token.Pos {
	if b == nil {
		return token.NoPos
	}
	for _, instr := range b.Instrs {
		if instr.Pos().IsValid() {
			return instr.Pos()
		}
	}
	return token.NoPos
}

// neverCleared reports shape (B'): a holder flag that nothing in the
// package ever clears, set when a claim re-tried in a loop succeeds. The
// loop's later claims are the lease's check (a session lock retaken, an
// advisory lock re-asked on a pooled connection); when one fails the lease
// is gone, but the flag stays true for the work that reads it elsewhere.
func (l *checker) neverCleared(flags map[*types.Var]*holderflag.Flag) {
	for _, f := range flags {
		if len(f.Clears) > 0 {
			continue
		}
		for _, set := range f.Sets {
			fn := set.Parent()
			claim := claimGating(set)
			if claim == nil || !inLoop(claim) {
				continue
			}
			reader := l.otherReader(f, fn)
			if reader == nil {
				continue
			}
			callee := calls.Callee(&claim.Call)
			pos, end := l.span(claim)
			l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: claim.Pos(),
				Related: []analysis.RelatedInformation{
					{Pos: set.Pos(), Message: fmt.Sprintf("%s is set here and cleared nowhere", f.Field.Name())},
					{Pos: reader.Pos(), Message: fmt.Sprintf("%s reads %s: the work's gate", calls.Outermost(reader).Name(), f.Field.Name())},
				},
				Message: fmt.Sprintf("when this claim (%s) succeeds, %s is set (at %s), but nothing clears it: when a later round of this loop fails to claim (the lease or lock was lost), %s stays true and %s (at %s) goes on running the work it gates as if this process still held the lease; clear %s when the claim fails, and stop the work",
					l.callName(claim, callee), f.Field.Name(), l.where(set.Pos()), f.Field.Name(), calls.Outermost(reader).Name(), l.where(reader.Pos()), f.Field.Name())})
			break
		}
	}
}

// claimGating returns the claim call whose success guards a store: a call
// named as an acquisition (Acquire..., TryAdvisoryLock) whose bool result
// is the condition of an if that dominates the store.
func claimGating(set ssa.Instruction) *ssa.Call {
	for b := set.Block().Idom(); b != nil; b = b.Idom() {
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !iff.Block().Succs[0].Dominates(set.Block()) {
			continue
		}
		call, ok := iff.Cond.(*ssa.Call)
		if !ok {
			continue
		}
		if callee := calls.Callee(&call.Call); callee != nil && claimName(callee.Name()) {
			return call
		}
	}
	return nil
}

// claimName reports whether a function's name says it claims: its first
// word is an acquisition verb, or it is "try" followed by one
// (tryAdvisoryLock, TryAcquire).
func claimName(name string) bool {
	words := vocab.Words(name)
	if len(words) == 0 {
		return false
	}
	if vocab.AcquireVerb.MatchWord(words[0]) {
		return true
	}
	return words[0] == "try" && slices.ContainsFunc(words[1:], vocab.AcquireVerb.MatchWord)
}
