// Package lockuse answers whether a function uses a lock API: it acquires
// or releases a lock of a lock library, asks a lock's validity, takes a
// lease over, calls a lease API, touches a Redis lock key or runs SQL on a
// lock table or an advisory lock, or reads or writes a lock object of an
// object store (objlock). The wall-clock check uses it as lease
// vocabulary and to tell a shadow of a distributed lock from an in-process
// lock table.
package lockuse

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/objlock"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Uses reports whether fn itself (not its callees) uses a lock API; parse
// parses SQL text (a per-package cache of sqlfence.Parse).
func Uses(fn *ssa.Function, parse func(string) *sqlfence.Statement) bool {
	for ci := range calls.In(fn) {
		c := ci.Common()
		callee := calls.Callee(c)
		if callee == nil || callee.Pkg() == nil {
			continue
		}
		if op := objlock.Of(ci); op != nil && objlock.LockObject(op.Name) {
			return true
		}
		for _, l := range model.KB.Locks {
			if l.KeyOnly {
				continue // any SetNX or Del: only a lock key counts (below)
			}
			if model.MatchesAny(l.Acquire, callee) || model.MatchesAny(l.Release, callee) {
				return true
			}
		}
		if model.MatchesAny(model.KB.ValidityChecks, callee) {
			return true
		}
		for f := range model.KB.LeaseTakeovers {
			if f.Matches(callee) {
				return true
			}
		}
		for _, p := range model.KB.LeaseAPIPackages {
			if callee.Pkg().Path() == p {
				return true
			}
		}
		if callee.Pkg().Path() == model.KB.ReplyPackage {
			if p, ok := calls.ConstPrefix(calls.Arg(c, 1)); ok && vocab.LockKey.Match(p) {
				return true
			}
		}
		for _, s := range model.KB.Sinks {
			if s.Cond != model.CondSQL || !model.MatchesAny(s.Funcs, callee) {
				continue
			}
			if text, ok := calls.ConstString(calls.Arg(c, s.Query)); ok {
				st := parse(text)
				if len(st.Advisory) > 0 || vocab.LockTable.Match(st.Table) {
					return true
				}
			}
		}
	}
	return false
}
