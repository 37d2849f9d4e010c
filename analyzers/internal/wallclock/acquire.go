package wallclock

import (
	"go/token"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// A lease kept as a record in a store of the application's choosing (a
// DynamoDB item, a NATS KV value, an object's metadata, a Redis string
// behind the application's own client) has no lock library to recognise
// it by; what makes it a lease is the function that reads it. An
// acquisition (Lock, TryAcquire, GetLease: named as taking a lock) that
// reads back the holder's expiry, rebuilt from text, integers or bytes
// (time.Parse, time.Unix, strconv.ParseInt), and compares it with this
// host's clock decides with that comparison whether the lock is free: the
// comparison refuses the acquisition with an error, or lets it take the
// record over (a GetSet, a delete of the expired holder's record, a
// put). That decision is a lease's, whatever the store.
//
// An expiry compared outside an acquisition (a certificate's, a token's, a
// cache entry's) keeps needing the vocabulary of vocabulary().

// acquirerName reports whether fn, or the declared function enclosing the
// closure fn, is named as taking a lock: its verb (after "try") is "lock"
// (Lock, TryLock, LockContext); or an acquisition verb (Acquire, Obtain,
// Claim) on a lock (AcquireLease, a method of a type named as a lock, or
// a function returning a lock, Acquire(dir) (*Lock, error));
// or get, take or steal of a lock or lease (GetLease). A release, a
// leader's chores (performLeaderActions) and a predicate (isLocked) are
// none.
func acquirerName(fn *ssa.Function) bool {
	decl := calls.Outermost(fn)
	if decl == nil {
		return false
	}
	ws := vocab.Words(decl.Name())
	for len(ws) > 1 && ws[0] == "try" {
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return false
	}
	lockWord := func(w string) bool { return w == "lock" || w == "lease" || w == "mutex" }
	switch verb := ws[0]; {
	case verb == "lock":
		return true
	case vocab.AcquireVerb.MatchWord(verb):
		return slices.ContainsFunc(ws[1:], lockWord) || lockMethod(decl) || returnsLock(decl)
	case verb == "get" || verb == "take" || verb == "steal":
		return slices.ContainsFunc(ws[1:], lockWord)
	}
	return false
}

// returnsLock reports whether one of fn's results is a type named as a
// lock (Acquire(dir) (*Lock, error)): the acquisition hands its caller the
// lock it took.
func returnsLock(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	for i := 0; i < res.Len(); i++ {
		t := res.At(i).Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && vocab.LockType.Match(n.Obj().Name()) {
			return true
		}
	}
	return false
}

// takeoverVerbs are the words of a store call that writes or removes a
// record: what an acquisition does once it judged the holder's lease
// expired.
var takeoverVerbs = []string{
	"set", "getset", "put", "create", "insert", "upsert", "update", "replace", "write", "save", "store",
	"swap", "cas", "delete", "del", "remove", "unlock", "release",
}

// acquisitionDecision returns what a comparison v in an acquisition
// decides: a call that writes or removes a record (the lock taken over),
// or else a return of a non-nil error (the lock is held, the acquisition
// refused). A store's call (a method of an interface, the application's
// own client of a store, or another package's function; not sync's, which
// stays in memory) is preferred; a function of this package counts when it
// releases (n.Unlock(key) deleting the expired holder's record).
func (w *checker) acquisitionDecision(v ssa.Value) (what string, err bool) {
	var local string
	for _, iff := range conditionIfs(v) {
		d := iff.Block()
		for ci := range calls.In(d.Parent()) {
			callee := calls.Callee(ci.Common())
			if callee == nil || !w.decided(d, ci.Block()) || !writeVerb(callee.Name()) {
				continue
			}
			if p := callee.Pkg(); p != nil && (p.Path() == "sync" || p.Path() == "sync/atomic") {
				continue // sync.Map.Store: this process's memory
			}
			if ci.Common().IsInvoke() || callee.Pkg() != w.u.Pass.Pkg {
				return storeCallName(callee) + " of the lock record", false
			}
			if local == "" && (vocab.ReleaseVerb.Match(callee.Name()) || slices.ContainsFunc(vocab.Words(callee.Name()), isDeleteWord)) {
				local = callee.Name() + ", which removes the expired holder's record"
			}
		}
	}
	if local != "" {
		return local, false
	}
	return "", slices.ContainsFunc(conditionIfs(v), errorBranch)
}

func isDeleteWord(s string) bool { return s == "delete" || s == "del" || s == "remove" }

// storeCallName names a store call for messages: "Client.GetSet".
func storeCallName(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Name()
}

func writeVerb(name string) bool {
	return slices.ContainsFunc(vocab.Words(name), func(w string) bool { return slices.Contains(takeoverVerbs, w) })
}

// conditionIfs returns the branches whose condition is v, directly, negated
// or as the first operand of && / || (which SSA lowers to a chain of
// branches).
func conditionIfs(v ssa.Value) []*ssa.If {
	var ifs []*ssa.If
	if v.Referrers() == nil {
		return nil
	}
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.If:
			ifs = append(ifs, x)
		case *ssa.UnOp:
			if x.Op == token.NOT && x.Referrers() != nil {
				for _, r2 := range *x.Referrers() {
					if iff, ok := r2.(*ssa.If); ok {
						ifs = append(ifs, iff)
					}
				}
			}
		}
	}
	return ifs
}

// errorBranch reports whether a branch entered only from iff returns a
// non-nil error, directly or after the further conditions of an && or ||
// chain (if now.Before(exp) && owner != me { return errHeld }).
func errorBranch(iff *ssa.If) bool {
	return slices.ContainsFunc(iff.Block().Succs, func(b *ssa.BasicBlock) bool { return errorReturn(b, 0) })
}

func errorReturn(b *ssa.BasicBlock, depth int) bool {
	if depth >= maxChain || len(b.Preds) != 1 || len(b.Instrs) == 0 {
		return false
	}
	switch last := b.Instrs[len(b.Instrs)-1].(type) {
	case *ssa.Return:
		return returnsError(last)
	case *ssa.If:
		return errorReturn(b.Succs[0], depth+1) || errorReturn(b.Succs[1], depth+1)
	case *ssa.Jump:
		return errorReturn(b.Succs[0], depth+1)
	}
	return false
}

// reportAcquisition reports a comparison of a stored instant with this
// host's clock in an acquisition (see acquirerName) when it decides the
// acquisition: a write or a verdict (decision), a refusal by an error or a
// takeover of the record (acquisitionDecision).
func (w *checker) reportAcquisition(c *cand, fn *ssa.Function, v ssa.Value) {
	eff, returned := w.decision(v, c.kind)
	if eff == nil && !returned {
		c.takeover, c.errVerdict = w.acquisitionDecision(v)
		if c.takeover == "" && !c.errVerdict {
			return
		}
	}
	if eff == nil && returned && pollCondition(fn) {
		return
	}
	w.reportComparison(c, fn, v, eff)
}

// reportPredicate reports a comparison of a stored instant with this
// host's clock in a predicate (isExpired(rec) returns it) when an
// acquisition of the package calls the predicate and its result decides
// the acquisition: a refusal by an error or a takeover of the record
// (acquisitionDecision on the call's result). The predicate is where the
// two clocks meet; the acquisition is what makes it a lease's verdict.
// A predicate that no acquisition acts on (a status page's "expired"
// column) stays silent.
func (w *checker) reportPredicate(c *cand, fn *ssa.Function, v ssa.Value) {
	if eff, returned := w.decision(v, c.kind); eff != nil || !returned || pollCondition(fn) {
		return
	}
	for _, ci := range w.u.Index.Callers(fn) {
		call, ok := ci.(*ssa.Call)
		if !ok || !acquirerName(ci.Parent()) {
			continue
		}
		if takeover, errVerdict := w.acquisitionDecision(call); takeover != "" || errVerdict {
			c.takeover, c.errVerdict, c.predicate = takeover, errVerdict, calls.Outermost(ci.Parent())
			w.reportComparison(c, fn, v, nil)
			return
		}
	}
}
