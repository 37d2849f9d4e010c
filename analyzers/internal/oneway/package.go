package oneway

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"golang.org/x/tools/go/ssa"
)

// Package holds the one-way claims of one package's functions, computed
// on demand and memoised: it is asked only about the functions whose
// effects are judged or summarised.
type Package struct {
	funcs map[*ssa.Function]bool
	order []*ssa.Function
	// remote says how a call of a function of another package, or an
	// interface call, reports a claim (the callee's fact, or the same fact
	// on every implementation the engine resolves); false when it does not.
	remote func(c *ssa.CallCommon) (Signal, bool)

	writes  []effect.StateWrite // every column a write of the package assigns (lazily)
	deletes map[string]bool     // the tables a write of the package deletes from (lazily)
	scanned bool
	claims  map[*ssa.Function][]*Claim
	reports map[*ssa.Function]*report
}

type report struct {
	sig  Signal
	ok   bool
	done bool // false while being computed: a recursive call sees no report
}

// NewPackage returns the claims of the package made of funcs; remote
// answers for calls that leave it (see Package.remote).
func NewPackage(funcs []*ssa.Function, remote func(c *ssa.CallCommon) (Signal, bool)) *Package {
	p := &Package{funcs: map[*ssa.Function]bool{}, order: funcs, remote: remote,
		claims: map[*ssa.Function][]*Claim{}, reports: map[*ssa.Function]*report{}}
	for _, fn := range funcs {
		p.funcs[fn] = true
	}
	return p
}

// Reset reports whether some write of the package can give t's column its
// guarded value back on t's record once t took effect. The package's writes
// of the column are a graph of states: a write guarded by its own WHERE
// (status = 'approved') moves a record from that state to the one it
// assigns, an unguarded write moves any record to it, and a write of a
// value not known to be a constant can move any record anywhere. t can be
// won again when From is reachable from To: a job queue's reaper moving
// running -> pending. A transition that can be reset is a lease, won again
// after the reset; pending -> approved then approved -> paid is not.
func (p *Package) Reset(t *effect.Transition) bool {
	p.scan()
	reached := map[string]bool{t.To: true}
	for grew := true; grew; {
		grew = false
		for _, w := range p.writes {
			if w.Column != t.Column || w.Record != "" && t.Record != "" && w.Record != t.Record {
				continue
			}
			switch {
			case !w.Known:
				return true
			case reached[w.Value] || w.Guarded && !reached[w.Guard]:
				continue
			}
			reached[w.Value], grew = true, true
		}
	}
	return reached[t.From]
}

// scan reads the package's writes once: the columns they assign and the
// tables they delete from.
func (p *Package) scan() {
	if p.scanned {
		return
	}
	p.scanned = true
	p.deletes = map[string]bool{}
	for _, fn := range p.order {
		for ci := range calls.In(fn) {
			if e := effect.Classify(ci, nil); e != nil {
				p.writes = append(p.writes, e.GuardedWrites()...)
				if e.Stmt != nil && e.Stmt.Verb == "DELETE" {
					p.deletes[e.Stmt.Table] = true
				}
			}
		}
	}
}

// deleted reports whether a write of the package deletes from table.
func (p *Package) deleted(table string) bool {
	p.scan()
	return p.deletes[table]
}

// IsClaim reports whether the write e is a one-way claim: a transition
// the package never resets, whose outcome its function tests, or an
// insert of a record the store keys uniquely (Create), also one
// summarised from another package's function, whose error the call's
// function tests. Such a write is fenced by its own condition: a stale
// holder's attempt changes nothing unless nobody else has claimed the
// record.
func (p *Package) IsClaim(e *effect.Effect) bool {
	if e.Call == nil || !p.funcs[e.Call.Parent()] {
		return false
	}
	return e.Where == "" && Write(e, p.Reset) != nil || Create(e, p.deleted) != nil
}

// ClaimsIn returns the claims made in fn: its one-way claim writes and its
// calls of functions that report one.
func (p *Package) ClaimsIn(fn *ssa.Function) []*Claim {
	if out, ok := p.claims[fn]; ok {
		return out
	}
	p.claims[fn] = nil // in progress
	var out []*Claim
	for ci := range calls.In(fn) {
		call, ok := ci.(*ssa.Call)
		if !ok {
			continue
		}
		if e := effect.Classify(call, nil); e != nil {
			if cl := Write(e, p.Reset); cl != nil {
				out = append(out, cl)
			} else if cl := Create(e, p.deleted); cl != nil {
				out = append(out, cl)
			}
			continue
		}
		if sig, ok := p.callReports(&call.Call); ok {
			if cl := Reporting(call, sig); cl != nil {
				out = append(out, cl)
			}
		}
	}
	p.claims[fn] = out
	return out
}

// callReports says how a call reports a claim, if it does.
func (p *Package) callReports(c *ssa.CallCommon) (Signal, bool) {
	if callee := c.StaticCallee(); callee != nil && p.funcs[callee] {
		return p.Reports(callee)
	}
	if p.remote == nil || calls.Callee(c) == nil {
		return 0, false
	}
	return p.remote(c)
}

// Reports says whether fn, a function of the package, returns success (a
// nil error, or true) only where a one-way claim it makes, directly or
// through a call, took effect, and how it reports it.
func (p *Package) Reports(fn *ssa.Function) (Signal, bool) {
	if r, ok := p.reports[fn]; ok {
		return r.sig, r.ok && r.done
	}
	r := &report{}
	p.reports[fn] = r
	sig, ok := SignalOf(fn.Signature)
	if ok && p.funcs[fn] && len(fn.Blocks) > 0 {
		r.sig, r.ok = sig, Reports(fn, sig, p.ClaimsIn(fn))
	}
	r.done = true
	return r.sig, r.ok
}

// Fenced reports whether instr runs only after a claim made in its
// function took effect.
func (p *Package) Fenced(instr ssa.Instruction) bool {
	if instr == nil || instr.Block() == nil || !p.funcs[instr.Parent()] {
		return false
	}
	for _, cl := range p.ClaimsIn(instr.Parent()) {
		if cl.Call != instr && cl.Dominates(instr) {
			return true
		}
	}
	return false
}
