// Package tokenquality is the token-quality checks: FC3001 (random or
// identity value used as a fence) and FC3002 (volatile fence). The engine
// runs Check on every relevant package once its critical sections are
// walked (package unit).
package tokenquality

import (
	"fmt"
	"go/types"
	"path/filepath"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Check reports FC3001 (random or identity value used as a
// fence) and FC3002 (volatile fence: in-process counter or wall clock).
//
// A small forward taint (taint.go) follows the values of
// model.KB.TokenSources, in-process counters and clock readings through each
// function of the package, into this package's callees and through struct
// fields and package variables. Where such a value reaches a fence position
// (positions.go) it is reported: ordered in Go, bound to a SQL
// placeholder compared with or stored into a fence column, stored in a
// fence-named field, map key, header or gRPC metadata key.
func Check(u *unit.Unit) {
	q := &checker{u: u, fields: map[*types.Var]*origin{}, globals: map[*ssa.Global]*origin{}}
	funcs := slices.Clone(u.Funcs)
	if init := u.Pkg.Func("init"); init != nil && len(init.Blocks) > 0 {
		funcs = append(funcs, init) // package variable initialisers
	}
	q.findCounters(funcs)
	// Learn which fields and package variables hold a source value, then
	// look for fence positions with that knowledge.
	for round := 0; round < learnRounds; round++ {
		q.memo, q.busy, q.learnt = map[string]*taint{}, map[string]bool{}, false
		for _, fn := range funcs {
			q.analyze(fn, nil, 0)
		}
		if !q.learnt {
			break
		}
	}
	q.memo, q.busy, q.collect, q.found = map[string]*taint{}, map[string]bool{}, true, map[string]*finding{}
	for _, fn := range funcs {
		q.analyze(fn, nil, 0)
	}
	for _, k := range q.order {
		f := q.found[k]
		if len(u.Sections) == 0 && f.o.Source.Instead == "" && !f.explicit {
			// In a package that takes no lock, an epoch, generation or
			// revision may be an optimistic-concurrency version, which a
			// clock reading or a UUID serves; only a position that is a
			// fence by its own name or table, and a lock library's own
			// identities, are reported there.
			continue
		}
		msg, related := q.message(f)
		// An effect in a function called from the section is reported by
		// FC1001 at the call site (a different Key); the problem is the
		// value, reported here at the effect, which explains that finding.
		u.Report(unit.Finding{Code: codeOf(f.o.Source.Kind), Pos: f.pos, Message: msg, Related: related, Key: f.key, Effect: f.effect})
	}
}

// codeOf is the check that reports a value of this kind used as a fence.
func codeOf(k model.SourceKind) checks.Code {
	if k == model.Counter || k == model.Clock {
		return checks.VolatileFence
	}
	return checks.RandomFence
}

// Why each kind of value is no fence.
var whyNoFence = map[model.SourceKind]string{
	model.Random: "a random value has no order, so the resource cannot tell a stale lock holder's value from a newer holder's " +
		"(the next holder's value is as likely to be smaller as larger) and either rejects the new holder or lets the stale one through",
	model.Identity: "an identity says who holds the lock, not which grant is newer, so it cannot order writes: " +
		"a stale holder's value is not smaller than the new holder's",
	model.Counter: "an in-process counter starts again when the process restarts and every process counts on its own, " +
		"so a new holder can send a value smaller than or equal to the stale holder's and the resource rejects the wrong one",
	model.Clock: "wall clocks are not ordered across hosts (skew, NTP steps, VM and GC pauses): a stale holder whose clock " +
		"runs ahead sends a larger value than the new holder, and the resource lets it through",
}

var relatedMessage = map[model.SourceKind]string{
	model.Random:   "random value created here",
	model.Identity: "identity value obtained here",
	model.Counter:  "counter incremented here",
	model.Clock:    "wall clock read here",
}

const genericFence = "a fencing token issued with each grant of the lock: etcd m.Header().Revision or e.Rev(), " +
	"Consul KVPair.LockIndex, ZooKeeper Stat.Czxid, or a database sequence incremented when the lock is taken"

func (q *checker) message(f *finding) (string, []analysis.RelatedInformation) {
	src := f.o.Source
	what := src.What
	if f.o.Via != "" {
		what += " (returned by " + f.o.Via + ")"
	}
	var related []analysis.RelatedInformation
	if f.o.Pos.IsValid() && f.o.Pos != f.pos {
		related = append(related, analysis.RelatedInformation{Pos: f.o.Pos, Message: relatedMessage[src.Kind]})
	}
	sec := q.sectionOf(f.instr)
	under := ""
	if sec != nil {
		at := q.u.Pass.Fset.Position(sec.Pos)
		under = fmt.Sprintf(" under the %s acquired at %s:%d", sec.Lock.Lib, filepath.Base(at.Filename), at.Line)
		related = append(related, analysis.RelatedInformation{Pos: sec.Pos, Message: sec.Lock.Lib + " acquired here"})
	}
	why := whyNoFence[src.Kind]
	if src.Numeric && f.ordered {
		why = "it is a number, but it does not grow with each grant of the lock, so ordering by it lets a stale holder win"
	}
	var instead string
	switch {
	case sec != nil && sec.Lock.Fence.Accessor != "":
		acc := sec.Lock.Fence.Expr(q.u.HandleText(sec))
		instead = "use the lock's fencing token instead: " + acc + " is available"
	case sec != nil && sec.Lock.Fence.None != "":
		instead = sec.Lock.Fence.None
	case src.Instead != "":
		instead = src.Instead
	case len(q.u.Sections) == 0:
		instead = "pass in, from the caller that holds the lock, " + genericFence
	default:
		instead = "use " + genericFence
	}
	msg := fmt.Sprintf(f.desc, what) + under + ": " + why + "; " + instead
	return msg, related
}

// sectionOf returns the critical section an instruction runs in: one that
// contains it, or one from which its function is called (to the engine's
// depth, unit.MaxDepth).
func (q *checker) sectionOf(instr ssa.Instruction) *section.Section {
	fn := instr.Parent()
	for _, s := range q.u.Sections {
		if s.Fn == fn && s.Contains(instr) {
			return s
		}
	}
	if q.reached == nil {
		q.reached = map[*ssa.Function]*section.Section{}
		for _, s := range q.u.Sections {
			q.reach(s, s.Fn, 0)
		}
	}
	return q.reached[fn]
}

func (q *checker) reach(s *section.Section, fn *ssa.Function, depth int) {
	if depth >= unit.MaxDepth {
		return
	}
	visit := func(v ssa.Value) {
		var callee *ssa.Function
		switch x := v.(type) {
		case *ssa.Function:
			callee = x
		case *ssa.MakeClosure:
			callee, _ = x.Fn.(*ssa.Function)
		}
		if callee == nil || !q.local(callee) || callee == s.Fn {
			return
		}
		if _, seen := q.reached[callee]; seen {
			return
		}
		q.reached[callee] = s
		q.reach(s, callee, depth+1)
	}
	for ci := range calls.In(fn) {
		if fn == s.Fn && !s.Contains(ci) {
			continue
		}
		c := ci.Common()
		if sc := c.StaticCallee(); sc != nil {
			visit(sc)
		}
		visit(c.Value)
		for _, a := range c.Args {
			visit(a)
		}
	}
}
