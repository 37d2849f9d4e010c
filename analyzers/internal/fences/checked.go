package fences

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/holderflag"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/recordwrite"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Lease checks with no acquisition in view (FC2001). In job queues,
// schedulers and controllers the lease is taken elsewhere (an elector's
// goroutine, the queue that handed out the job), and the code that acts
// on it only asks: if !e.IsLeader() { return }; write(). The check is the
// evidence of a lease, and a write it lets through that carries no
// fencing token is check-then-act: the lease can pass to another holder
// between the check and the write.

// CheckedSections returns, for the functions of this package, the code
// that runs only after a bool lease check said the lease is held, unless
// the check is itself inside a lock's section (Judge's guard handles
// those, with the lock's token in view).
func (c *Checker) CheckedSections() []*section.Section {
	var out []*section.Section
	for _, fn := range c.u.Funcs {
		if len(fn.Blocks) == 0 || calls.InTestFile(c.u.Pass.Fset, fn.Pos()) {
			continue
		}
		for _, b := range fn.Blocks {
			iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			check, held := c.leaseVerdict(iff)
			var flag *holderflag.Flag
			if check == nil {
				flag, held = c.flagVerdict(iff)
			}
			if check == nil && flag == nil || len(held.Preds) != 1 && (check == nil || !unconfiguredOr(held, iff, check)) || check != nil && inSections(c.locked[fn], check) || flag != nil && inSections(c.locked[fn], iff) {
				continue
			}
			if other := otherSucc(iff, held); other != nil && len(other.Preds) == 1 && routes(other) {
				continue // the check decides where the request runs (routing.go)
			}
			if flag != nil {
				out = append(out, section.CheckedFlag(fn, c.flagReadPos(iff.Cond), held, "the flag "+flag.Field.Name()))
				continue
			}
			out = append(out, section.Checked(fn, check, held, checkName(&check.Call)))
		}
	}
	return out
}

// leaseVerdict returns the lease check an If branches on, directly or
// negated, and the successor taken when the check says the lease is held.
func (c *Checker) leaseVerdict(iff *ssa.If) (*ssa.Call, *ssa.BasicBlock) {
	v, negated := unNot(iff.Cond)
	call := checkCall(v)
	if p, ok := v.(*ssa.Phi); ok {
		call = phiCheck(p)
	}
	if call == nil || !c.isLeaseCheck(&call.Call) {
		return nil, nil
	}
	succs := iff.Block().Succs
	if negated {
		return call, succs[1]
	}
	return call, succs[0]
}

// unconfiguredOr reports whether held, the branch a lease check says the
// lease is held by, is entered only from that check or from branches that
// found no checker configured (r.IsLeader == nil, s.elector == nil): a
// single-node mode that asks nothing, like a check wrapper's constant
// answer (checkWrapper). The work still runs only where a configured
// elector said so.
func unconfiguredOr(held *ssa.BasicBlock, iff *ssa.If, check *ssa.Call) bool {
	for _, p := range held.Preds {
		if p == iff.Block() {
			continue
		}
		pi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || !nilTestOf(pi.Cond, check) {
			return false
		}
	}
	return true
}

// nilTestOf reports whether cond compares with nil the function value a
// check calls or the receiver it is called on.
func nilTestOf(cond ssa.Value, check *ssa.Call) bool {
	b, ok := cond.(*ssa.BinOp)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	x := b.X
	if c, ok := x.(*ssa.Const); ok && c.IsNil() {
		x = b.Y
	} else if c, ok := b.Y.(*ssa.Const); !ok || !c.IsNil() {
		return false
	}
	if calls.SameValue(x, check.Call.Value) {
		return true
	}
	recv := calls.Receiver(&check.Call)
	return recv != nil && calls.SameValue(x, recv)
}

// unNot strips the negations off a condition: the value tested, and
// whether the branch is taken when it is false.
func unNot(v ssa.Value) (ssa.Value, bool) {
	negated := false
	for {
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			return v, negated
		}
		v, negated = u.X, !negated
	}
}

// checkCall returns the call whose bool (first) result v is, or nil.
func checkCall(v ssa.Value) *ssa.Call {
	switch x := v.(type) {
	case *ssa.Call:
		return x
	case *ssa.Extract:
		if x.Index == 0 {
			call, _ := x.Tuple.(*ssa.Call)
			return call
		}
	}
	return nil
}

// phiCheck returns the call a flag merged from several paths holds where
// it is not a constant (isLeader := true; if r.dedup != nil { isLeader =
// r.dedup.IsLeader(t) }; ...; if isLeader { write() }), or nil when it
// merges anything else. On the paths through the call the flag is the
// check's verdict; on the others it was set without asking, and nothing
// there is a lease check to judge.
func phiCheck(p *ssa.Phi) *ssa.Call {
	var call *ssa.Call
	for _, e := range p.Edges {
		if _, ok := e.(*ssa.Const); ok {
			continue
		}
		c := checkCall(e)
		if c == nil || call != nil && c != call {
			return nil
		}
		call = c
	}
	return call
}

// isLeaseCheck reports whether c asks, with a bool first result, whether
// this process holds a lease: a validity check of the knowledge base or
// of the configuration, or a function named like one (IsLeader,
// AmILeader, HasLease, IsActivelyHeld).
func (c *Checker) isLeaseCheck(call *ssa.CallCommon) bool {
	fn := calls.Callee(call)
	if fn == nil {
		return c.funcValueCheck(call)
	}
	return c.checkFunc(fn, call.StaticCallee())
}

// checkFunc reports whether fn (body its code in this package, or nil)
// asks, with a bool first result, whether a lease is held: a validity
// check of the knowledge base or the configuration, a function named like
// one, or a wrapper of one (checkWrapper).
func (c *Checker) checkFunc(fn *types.Func, body *ssa.Function) bool {
	res := fn.Type().(*types.Signature).Results()
	if res.Len() == 0 || !calls.IsBool(res.At(0).Type()) {
		return false
	}
	if model.MatchesAny(model.KB.ValidityChecks, fn) || c.u.IsCustomCheck(fn) {
		return true
	}
	return leaseCheckName(fn.Name()) || c.checkWrapper(body)
}

// checkWrapper reports whether fn, a function of this package, returns a
// lease check's verdict under a name of its own (canRunAsLeader() {
// return s.leader.IsLeader() }): every return gives, as its bool first
// result, a constant (the answer where nothing is asked: no elector
// configured) or a lease check's result, and at least one gives a check's.
// Its callers branch on the check as they would on IsLeader.
func (c *Checker) checkWrapper(fn *ssa.Function) bool {
	if fn == nil || len(fn.Blocks) == 0 || !c.u.Local(fn) {
		return false
	}
	if v, ok := c.wrappers[fn]; ok {
		return v
	}
	c.wrappers[fn] = false // a recursive call decides nothing
	asks := false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(ret.Results) == 0 || !calls.IsBool(ret.Results[0].Type()) {
			return false
		}
		r := ret.Results[0]
		if _, isConst := r.(*ssa.Const); isConst {
			continue
		}
		call := checkCall(r)
		if p, ok := r.(*ssa.Phi); ok {
			call = phiCheck(p)
		}
		if call == nil || !c.isLeaseCheck(&call.Call) {
			return false
		}
		asks = true
	}
	c.wrappers[fn] = asks
	return asks
}

// A lease check is often handed to the code that acts on it as a function
// value: a field of the worker (isLeader func() bool) or a parameter, set
// where the program is wired together from an elector's method value
// (w.isLeader = elector.IsLeader). The call has no callee to read; what
// it asks is told by the name it is called through, as a method's is, or
// by what the package stores into the field.

// funcValueCheck reports whether call, a call of a func-typed field or
// parameter with a bool first result, asks whether a lease is held: the
// field or parameter is named like a lease check, or every function this
// package stores into the field is one (and at least one is stored).
func (c *Checker) funcValueCheck(call *ssa.CallCommon) bool {
	if call.IsInvoke() || call.StaticCallee() != nil {
		return false
	}
	res := call.Signature().Results()
	if res.Len() == 0 || !calls.IsBool(res.At(0).Type()) {
		return false
	}
	if leaseCheckName(checkName(call)) {
		return true
	}
	field, _ := calls.LoadedField(call.Value)
	return field != nil && c.storedChecks(field)
}

// storedChecks reports whether every function value this package stores
// into field is a lease check: a method value or function whose callee is
// one (elector.IsLeader), or a literal or function returning a check's
// verdict (checkWrapper); and at least one is stored.
func (c *Checker) storedChecks(field *types.Var) bool {
	if v, ok := c.fieldChecks[field]; ok {
		return v
	}
	c.fieldChecks[field] = false // a store of the field's own value decides nothing
	stored := false
	for _, fn := range c.u.Funcs {
		for st, fa := range calls.FieldStoresIn(fn) {
			if calls.FieldVar(fa.X.Type(), fa.Field) != field {
				continue
			}
			if !c.checkValue(calls.Unwrap(st.Val)) {
				return false
			}
			stored = true
		}
	}
	c.fieldChecks[field] = stored
	return stored
}

// checkValue reports whether the function value v is a lease check.
func (c *Checker) checkValue(v ssa.Value) bool {
	body := calls.FuncOf(v)
	if body == nil {
		return false
	}
	if body.Synthetic != "" {
		// A method value's wrapper (elector.IsLeader): its one call is the check.
		call := calls.WrappedCall(body)
		return call != nil && c.isLeaseCheck(call)
	}
	if obj, ok := body.Object().(*types.Func); ok {
		return c.checkFunc(obj, body)
	}
	return c.checkWrapper(body) // a literal
}

// checkName is the name a lease check is called by: its callee's, or that
// of the func-typed field or parameter it calls.
func checkName(call *ssa.CallCommon) string {
	if fn := calls.Callee(call); fn != nil {
		return fn.Name()
	}
	if field, _ := calls.LoadedField(call.Value); field != nil {
		return field.Name()
	}
	if p, ok := call.Value.(*ssa.Parameter); ok {
		return p.Name()
	}
	return ""
}

func leaseCheckName(name string) bool { return vocab.AsksLease(name) }

func inSections(secs []*section.Section, instr ssa.Instruction) bool {
	for _, s := range secs {
		if s.Contains(instr) {
			return true
		}
	}
	return false
}

// judgeChecked reports an unfenced write that runs only because a lease
// check said the lease is held (sec.Check), where no acquisition is in
// view. A write that carries a token, or cannot carry one, is left to the
// checks that see the lock.
func (c *Checker) judgeChecked(sec *section.Section, e *effect.Effect, site ssa.CallInstruction, path *section.Path) {
	at := e.Call
	if site != nil {
		at = site
	}
	if e.Verdict != effect.Missing || inSections(c.locked[at.Parent()], at) || c.freshKeyed(e) || c.releasesKeyLock(e) || UndoesMarker(e) || holderChecked(e) {
		return
	}
	fset := c.u.Pass.Fset
	pos := at.Pos()
	cp := fset.Position(sec.CheckPos)
	name := sec.CheckName
	related := []analysis.RelatedInformation{{Pos: sec.CheckPos, Message: "lease checked here (" + name + ")"}}
	callThrough := ""
	switch {
	case e.Where != "":
		related = append(related, frames(path, site, e.Call)...)
		if site != nil && site != e.Call {
			related = append(related, analysis.RelatedInformation{Pos: e.Call.Pos(), Message: "called here, in " + e.Call.Parent().Name()})
		}
		related = append(related, analysis.RelatedInformation{Pos: writeAt(fset, e), Message: fmt.Sprintf("the write happens in %s (%s)", e.Callee.FullName(), e.Where)})
		callThrough = fmt.Sprintf(" (in %s, called here)", e.Callee.Name())
	case site != nil:
		related = append(related, frames(path, site, e.Call)...)
		related = append(related, analysis.RelatedInformation{Pos: e.Call.Pos(), Message: "the write happens here, in " + e.Call.Parent().Name()})
		callThrough = " (reached through this call)"
	}
	msg := fmt.Sprintf("%s (%s)%s runs only after %s at %s:%d said this process holds the lease, but the check does not close the race: "+
		"the process can pause, or the request be delayed, and the lease pass to another holder between the check and the write, and %s; "+
		"carry the lease's fencing token (the grant's revision, index or sequence) to the resource and have it reject older ones, or make the write idempotent",
		e.What, e.Via(), callThrough, name, filepath.Base(cp.Filename), cp.Line, e.Describe())
	c.u.Report(unit.Finding{Code: checks.CheckThenAct, Pos: pos, Message: msg, Related: related, Key: pos, Target: effectAt(fset, e)})
}

// releasesKeyLock reports whether e deletes the key of a SET NX lock of
// this package (a key the package uses as only a lock's is: KeyEvidence):
// a lease check before a lock's own release does not make it safe, and
// the release is FC5001's to judge (it names the acquisition), not a
// write the lease guards.
func (c *Checker) releasesKeyLock(e *effect.Effect) bool {
	shape := calls.DeletedLockKeyShape(e.Call.Common(), e.Callee, e.Key)
	if shape == "" {
		return false
	}
	for _, s := range c.u.Index.Sites() {
		call, ok := s.Call.(*ssa.Call)
		if !ok {
			continue
		}
		kl := calls.KeyHeldAcquire(&call.Call)
		if kl == nil {
			continue
		}
		k := calls.FlatArg(&call.Call, kl.Handle)
		if calls.KeyShape(k, true) == shape && c.u.KeyEvidence(s.Fn, k) && c.u.HeldAt(s.Fn, e.Call.Parent()) {
			return true
		}
	}
	return false
}

// holderChecked reports whether a write's condition compares the holder's
// identity with a value (WHERE locked_by = $1, {"leader_id": s.id}): the
// lease record's own renewal or release, or a write the store refuses once
// another holder took the record; the lease check before it is no guard
// the write relies on.
func holderChecked(e *effect.Effect) bool {
	if e.Where != "" || e.Call == nil {
		return false
	}
	w := recordwrite.Read(e.Call)
	return w != nil && slices.ContainsFunc(w.Cond, func(k recordwrite.Cmp) bool {
		return k.Op == "=" && !k.Known && storecond.RoleOf(k.Field) == storecond.Owner
	})
}
