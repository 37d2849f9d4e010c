package wallclock

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/clocklabel"
	"github.com/fencecheck/fencecheck/analyzers/internal/clocktype"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/lockuse"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/objlock"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// decisionKind is the shape of a wall-clock decision.
type decisionKind int

const (
	// kindStored: an untrusted timestamp compared with this host's clock.
	kindStored decisionKind = iota
	// kindValidity: a lock TTL against time elapsed on this host (Redlock's
	// remaining validity).
	kindValidity
	// kindStripped: a deadline of this host's clock that lost its monotonic
	// reading (Unix(), UTC(), Round(0), time.Unix) against a fresh reading:
	// wall-clock arithmetic although one host is involved.
	kindStripped
)

// cand is a comparison mixing this host's clock with an untrusted
// timestamp or a lock TTL.
type cand struct {
	expr ast.Expr
	pos  token.Pos // where SSA puts the comparison (operator or Lparen)
	lab  clocklabel.Label
	// ev: the lease evidence of the compared values themselves
	// (clocklabel.Evidence), which an untrusted timestamp needs.
	ev   clocklabel.Label
	kind decisionKind
	// stripped: one operand is a wall-clock-only reading of this host's
	// clock, the other a reading too.
	stripped bool
	// errVerdict: the comparison decides the return of an error;
	// durVerdict: the remaining validity itself is returned.
	errVerdict, durVerdict bool
	// takeover: the call that takes over a lease record in an
	// acquisition (acquire.go).
	takeover string
	// predicate: the acquisition that calls the function returning the
	// comparison and acts on its verdict (acquire.go, reportPredicate).
	predicate *ssa.Function
}

// candidate records comparisons: x < y (and the other orderings and
// equalities) and the Before/After/Equal methods of time.Time and the
// Kubernetes time wrappers.
func (w *checker) candidate(n ast.Node, _ *types.Func) {
	var c cand
	switch x := n.(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		default:
			return
		}
		tx, ty := w.info.TypeOf(x.X), w.info.TypeOf(x.Y)
		if !clocktype.Ordered(tx) || !clocktype.Ordered(ty) {
			return // strings, pointers, channels, interfaces
		}
		if w.Enum(tx) || w.Enum(ty) || w.sameField(x.X, x.Y) {
			return // State == JOINING; a.expiry < b.expiry
		}
		lx, ly := w.Eval(x.X), w.Eval(x.Y)
		c = cand{expr: x, pos: x.OpPos, lab: lx.Union(ly), stripped: strippedPair(lx, ly), ev: w.Evidence(x.X).Union(w.Evidence(x.Y))}
	case *ast.CallExpr:
		fn := w.Callee(x)
		recv := w.RecvExpr(x)
		if fn == nil || recv == nil || len(x.Args) != 1 || !model.MatchesAny(model.KB.TimeComparisons, fn) {
			return
		}
		if w.sameField(recv, x.Args[0]) {
			return // h[i].expiry.Before(h[j].expiry): an ordering
		}
		lr, la := w.Eval(recv), w.Eval(x.Args[0])
		c = cand{expr: x, pos: x.Lparen, lab: lr.Union(la), stripped: strippedPair(lr, la), ev: w.Evidence(recv).Union(w.Evidence(x.Args[0]))}
	default:
		return
	}
	if w.testFile(c.expr.Pos()) {
		return // a test's assertion on timestamps
	}
	switch {
	case !c.lab.Has(clocklabel.LocalClock):
		return
	case c.lab.Has(clocklabel.InProc) && !c.lab.Has(clocklabel.ForeignTime|clocklabel.FromStore):
		// The deadline of an in-process lock table, written and compared
		// by this process under its own mutex.
		return
	case c.lab.Has(clocklabel.ForeignTime):
		c.kind = kindStored
		c.lab = ownEvidence(c.lab, c.ev)
	case c.lab.Has(clocklabel.LockTTL) && !c.lab.Has(clocklabel.OwnTTL):
		// This host's clock against another holder's declared lease
		// duration: an observer measuring, on its own clock, how long to
		// wait before it may take over (client-go's elector does so; see
		// docs/checks/FC4001.md). Not a claim to hold the lock.
		return
	case c.lab.Has(clocklabel.LockTTL):
		c.kind = kindValidity
	case c.stripped:
		c.kind = kindStripped
	default:
		return
	}
	w.cands = append(w.cands, &c)
}

// ownEvidence replaces the lease evidence of an untrusted timestamp's
// comparison by the evidence of the compared values themselves
// (clocklabel.Evidence): what says the timestamp is a lease's must be
// its own field, name or definition, never a label that reached it
// through a field, a map or a parameter other values share (the
// labelling is flow-insensitive over the package). A read from a lock
// store (a lock table, a lock key, a lock object) is where the value
// comes from, and stays.
func ownEvidence(lab, ev clocklabel.Label) clocklabel.Label {
	lab.Bits = lab.Bits&^clocklabel.EvidenceBits | lab.Bits&clocklabel.FromStore | ev.Bits&clocklabel.EvidenceBits
	lab.TTL = ev.TTL
	return lab
}

// strippedPair reports whether two operands are readings of this host's
// clock of which one lost its monotonic reading: a stored wall-clock
// deadline against a fresh reading.
func strippedPair(a, b clocklabel.Label) bool {
	if a.Has(clocklabel.ForeignTime) || b.Has(clocklabel.ForeignTime) {
		return false
	}
	// time.Since(t.Round(0)) < limit: the elapsed time is wall-clock time.
	wallElapsed := func(l clocklabel.Label) bool {
		return l.Has(clocklabel.LocalClock|clocklabel.ElapsedTime|clocklabel.WallOnly) && l.Bits&(clocklabel.LocalClock|clocklabel.ElapsedTime|clocklabel.WallOnly) == clocklabel.LocalClock|clocklabel.ElapsedTime|clocklabel.WallOnly
	}
	if wallElapsed(a) || wallElapsed(b) {
		return true
	}
	return a.Has(clocklabel.LocalClock) && b.Has(clocklabel.LocalClock) && (a.Has(clocklabel.WallOnly) || b.Has(clocklabel.WallOnly)) && !a.Has(clocklabel.ElapsedTime) && !b.Has(clocklabel.ElapsedTime)
}

// effectSite is a call that writes (or takes a lease over), directly or in a
// function of this package it calls.
type effectSite struct {
	instr ssa.CallInstruction
	what  string
	// takeover: a write of the lock itself (a lease record, a lock key, a
	// lock table row) rather than of the data the lock protects.
	takeover bool
}

func (w *checker) reportComparisons() {
	for _, c := range w.cands {
		v := w.ssaAt(c.pos)
		if v == nil {
			continue
		}
		fn := v.Parent()
		if c.kind == kindStored && !w.vocabulary(c.lab, fn) {
			if acquirerName(fn) || w.holderConjoined(c.expr) {
				w.reportAcquisition(c, fn, v)
			} else {
				w.reportPredicate(c, fn, v)
			}
			continue
		}
		if c.kind == kindStripped && !c.lab.Has(clocklabel.FromStore) && !(c.lab.Has(clocklabel.DeadlineName) && w.touches(fn)) {
			continue // a wall-clock deadline needs a lock in sight, not a lease-like name
		}
		if c.kind == kindValidity && !c.lab.Has(clocklabel.APITTL|clocklabel.FromStore) && !w.touches(fn) {
			continue // a duration named like a lock TTL, and no lock in sight
		}
		eff, returned := w.decision(v, c.kind)
		if eff == nil && !returned && c.kind == kindStored && (acquirerName(fn) || w.holderConjoined(c.expr)) {
			// A lease-named instant in an acquisition: what it decides is
			// the acquisition's refusal or takeover (acquire.go).
			w.reportAcquisition(c, fn, v)
			continue
		}
		if eff == nil && !returned && c.kind == kindValidity && w.inSection(fn, v) && w.errorVerdict(v) {
			// if validity <= 0 { return errLost }: the verdict is an error.
			c.errVerdict, returned = true, true
		}
		if eff == nil && (!returned || pollCondition(fn)) {
			// Logging, metrics, a local timeout, the condition of a poll:
			// no authority decided.
			continue
		}
		w.reportComparison(c, fn, v, eff)
	}
	w.reportValidityReturns()
}

// inSection reports whether v is computed while a lock is held: inside a
// critical section of fn, or in a function called from one (and not one
// that takes a lock itself, whose code before the acquisition is no
// section: a retry loop's budget).
func (w *checker) inSection(fn *ssa.Function, v ssa.Value) bool {
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	owns := false
	for _, s := range w.u.Sections {
		if s.Fn == fn {
			owns = true
			if s.Contains(instr) {
				return true
			}
		}
	}
	if owns {
		return false
	}
	w.touches(fn) // computes reached
	return w.reached[fn]
}

// errorVerdict reports whether a comparison decides a return of an error:
// a branch entered only from it returns a non-nil error.
func (w *checker) errorVerdict(v ssa.Value) bool {
	ifs := conditionIfs(v)
	for _, iff := range ifs {
		for _, succ := range iff.Block().Succs {
			if len(succ.Preds) != 1 {
				continue
			}
			b := succ
			for i := 0; i < 4 && len(b.Instrs) > 0; i++ {
				if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
					if returnsError(ret) {
						return true
					}
					break
				}
				if len(b.Succs) != 1 || len(b.Succs[0].Preds) != 1 {
					break
				}
				b = b.Succs[0]
			}
		}
	}
	return false
}

// returnsError reports whether a return yields a non-nil error.
func returnsError(ret *ssa.Return) bool {
	errType := types.Universe.Lookup("error").Type()
	for _, r := range ret.Results {
		if !types.Identical(r.Type(), errType) {
			continue
		}
		if c, ok := r.(*ssa.Const); ok && c.IsNil() {
			continue
		}
		return true
	}
	return false
}

// reportValidityReturns reports functions that hand the lock's remaining
// validity to their callers as a duration: return ttl - time.Since(start)
// - drift, return time.Until(acquiredAt.Add(ttl)). A caller in this package
// that compares it is judged as a comparison; one in another package is
// not, so the return itself is the verdict.
func (w *checker) reportValidityReturns() {
	for _, f := range w.u.Pass.Files {
		if w.testFile(f.Pos()) {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
				continue
			}
			rt := w.info.TypeOf(fd.Type.Results.List[0].Type)
			if n, ok := types.Unalias(rt).(*types.Named); !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "time" || n.Obj().Name() != "Duration" {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if _, ok := n.(*ast.FuncLit); ok {
					return false
				}
				ret, ok := n.(*ast.ReturnStmt)
				if !ok || len(ret.Results) != 1 {
					return true
				}
				e := ret.Results[0]
				if !w.remainingValidity(e) {
					return true
				}
				lab := w.Eval(e)
				fn := w.ssaFuncAt(ret.Pos())
				if fn == nil || !lab.Has(clocklabel.APITTL|clocklabel.FromStore) && !w.touches(fn) {
					return true
				}
				c := &cand{expr: e, pos: e.Pos(), lab: lab, kind: kindValidity, durVerdict: true}
				w.reportComparison(c, fn, nil, nil)
				return true
			})
		}
	}
}

// remainingValidity reports whether e computes a lock's remaining time
// from its TTL and the time elapsed on this host: ttl - time.Since(start)
// [- drift] (the TTL itself, not a fraction of it that schedules a
// renewal), or time.Until(deadline) of a deadline built from the TTL.
func (w *checker) remainingValidity(e ast.Expr) bool {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		if def := w.SingleDef(w.info.Uses[id]); def != nil {
			e = ast.Unparen(def)
		}
	}
	if call, ok := e.(*ast.CallExpr); ok {
		fn := w.Callee(call)
		if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" && fn.Name() == "Until" && len(call.Args) == 1 {
			l := w.Eval(call.Args[0])
			return l.Has(clocklabel.LockTTL) && l.Has(clocklabel.LocalClock) && !l.Has(clocklabel.ForeignTime)
		}
		return false
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok || b.Op != token.SUB {
		return false
	}
	elapsed := false
	for {
		if w.Eval(b.Y).Has(clocklabel.ElapsedTime) {
			elapsed = true
		}
		inner, ok := ast.Unparen(b.X).(*ast.BinaryExpr)
		if !ok || inner.Op != token.SUB {
			break
		}
		b = inner
	}
	first := ast.Unparen(b.X)
	switch first.(type) {
	case *ast.Ident, *ast.SelectorExpr:
	default:
		return false // ttl/2 - elapsed schedules a renewal
	}
	l := w.Eval(first)
	return elapsed && l.Has(clocklabel.LockTTL) && !l.Has(clocklabel.LocalClock)
}

// ssaFuncAt returns the innermost function whose body holds pos.
func (w *checker) ssaFuncAt(pos token.Pos) *ssa.Function {
	var best *ssa.Function
	for _, fn := range w.u.Funcs {
		syn := fn.Syntax()
		if syn == nil || pos < syn.Pos() || pos >= syn.End() {
			continue
		}
		if best == nil || syn.Pos() >= best.Syntax().Pos() {
			best = fn
		}
	}
	return best
}

// pollCondition reports whether fn is a function literal handed to a
// function that polls it (model.KB.PollConditionTakers): its result ends a
// wait and is no verdict on a lease.
func pollCondition(fn *ssa.Function) bool {
	for ci := range calls.Taking(fn) {
		callee := calls.Callee(ci.Common())
		if callee == nil || callee.Pkg() == nil {
			continue
		}
		names, ok := model.KB.PollConditionTakers[callee.Pkg().Path()]
		if ok && (names == nil || slices.Contains(names, callee.Name())) {
			return true
		}
	}
	return false
}

// vocabulary decides whether a comparison of a stored timestamp with the
// local clock is about a lease: a lock TTL takes part, the timestamp was
// read from a lock store or is named as the lock's own, or it has a deadline-like name and belongs to a
// lease-like struct, a function that uses a lock API, or a method of a type
// named as a lock (a deadline parsed from the lock's own annotation in
// refreshTokenLock.setLockAnnotation).
func (w *checker) vocabulary(l clocklabel.Label, fn *ssa.Function) bool {
	switch {
	case l.Has(clocklabel.FromStore), l.Has(clocklabel.LockTTL) && l.Has(clocklabel.APITTL):
		return true
	case l.Has(clocklabel.LockNamed):
		return true // an untrusted instant named as the lock's own (LockUpdateTime)
	case l.Has(clocklabel.LockTTL) && w.touches(fn):
		return true // a TTL by its name, in a function that uses a lock
	case !l.Has(clocklabel.DeadlineName):
		return false
	case !l.Has(clocklabel.LeaseField) && w.cachedDeadline(l, fn):
		return false // a cached record's logical expiry, read from a key no lock is taken on (cacheexpiry.go)
	}
	return l.Has(clocklabel.LeaseField) || w.touches(fn) || lockMethod(fn)
}

// lockMethod reports whether fn, or the function a closure fn belongs to,
// is a method of a type named as a lock (vocab.LockType).
func lockMethod(fn *ssa.Function) bool {
	for ; fn != nil; fn = fn.Parent() {
		if recv := fn.Signature.Recv(); recv != nil {
			t := recv.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := types.Unalias(t).(*types.Named); ok && vocab.LockType.Match(n.Obj().Name()) {
				return true
			}
		}
	}
	return false
}

func (w *checker) reportComparison(c *cand, fn *ssa.Function, v ssa.Value, eff *effectSite) {
	subject := "this comparison"
	if s := types.ExprString(c.expr); len(s) <= 80 {
		subject = "`" + s + "`"
	}
	decision := "and " + funcName(fn) + " returns the result as its verdict on the lease"
	acts := funcName(fn)
	if c.predicate != nil {
		acts = funcName(c.predicate) + " (to which " + funcName(fn) + " returns it)"
	}
	switch {
	case eff != nil:
		decision = "and its result decides whether " + eff.what + " runs"
	case c.takeover != "":
		decision = "and its result decides whether " + acts + " takes the lock over (" + c.takeover + ")"
	case c.errVerdict && c.kind == kindStored:
		decision = "and its result decides whether " + acts + " refuses the lock with an error or goes on to take it"
	case c.errVerdict:
		decision = "and its result decides whether " + funcName(fn) + " returns an error while the lock is held"
	case c.durVerdict:
		decision = "and " + funcName(fn) + " returns it to its callers as the lock's remaining validity"
	}
	wall := ""
	if c.lab.Has(clocklabel.WallOnly) {
		wall = "; Unix() integers and UTC()/Round(0)/Truncate values have no monotonic reading, so a step of the clock moves them too"
	}
	var msg string
	switch c.kind {
	case kindStored:
		ttl := ""
		if c.lab.Has(clocklabel.LockTTL) {
			ttl = " plus a lease duration (" + c.lab.TTL.What + ")"
		}
		msg = fmt.Sprintf("%s decides lease expiry by comparing %s%s with this host's clock (%s), %s: "+
			"a timestamp written with another host's clock (or stripped of its monotonic reading) differs from this clock by the hosts' skew, "+
			"either clock can jump, and the process can pause right after the check, so two processes can both believe they hold the lease%s; "+
			"make the protected writes carry a fencing token, and let the coordinator decide expiry with its own clock "+
			"(a TTL it enforces, or the database's now() in the statement that takes over)",
			subject, c.lab.Foreign.What, ttl, c.lab.Local.What, decision, wall)
	case kindStripped:
		msg = fmt.Sprintf("%s decides lease validity with wall-clock values of this host (%s): the deadline lost Go's monotonic reading "+
			"(Unix() integers, UTC(), Round(0), time.Unix), so an NTP step or a manual change of the clock moves the lease's end by the size of the step, "+
			"and the process can pause right after the check, %s; keep the time.Time from time.Now() and compare with Before/After or time.Since, "+
			"and make the protected writes carry a fencing token",
			subject, c.lab.Local.What, decision)
	case kindValidity:
		msg = fmt.Sprintf("%s uses the lock's remaining validity, computed from the lock TTL (%s) and this host's clock (%s), as proof of authority, %s: "+
			"a TTL is only a lower bound for how long the coordinator keeps the lock (Redis expires keys by its own wall clock, which can jump), "+
			"clock drift is only estimated, and the process can pause right after the check, so the lock may already belong to another holder%s; "+
			"make the write carry a fencing token the resource checks, or let the coordinator check ownership atomically with the write",
			subject, c.lab.TTL.What, c.lab.Local.What, decision, wall)
	}
	var related []analysis.RelatedInformation
	addRel := func(pos token.Pos, m string) {
		if !pos.IsValid() {
			return
		}
		for _, r := range related {
			if r.Pos == pos {
				return
			}
		}
		related = append(related, analysis.RelatedInformation{Pos: pos, Message: m})
	}
	addRel(c.lab.Local.Pos, "this host's clock is read here")
	if c.kind == kindStored {
		addRel(c.lab.Foreign.Pos, "the untrusted timestamp: "+c.lab.Foreign.What)
	}
	if c.lab.Has(clocklabel.LockTTL) {
		addRel(c.lab.TTL.Pos, "the lock TTL: "+c.lab.TTL.What)
	}
	key := c.expr.Pos()
	if eff != nil {
		key = eff.instr.Pos()
		if w.keys == nil {
			w.keys = map[token.Pos]bool{}
		}
		w.keys[key] = true
		addRel(eff.instr.Pos(), "the decision guards this write: "+eff.what)
	}
	if instr, ok := v.(ssa.Instruction); ok && v != nil {
		for _, s := range w.u.Sections {
			if s.Fn == fn && s.Contains(instr) {
				addRel(s.Pos, s.Lock.Lib+" acquired here")
				break
			}
		}
	}
	w.u.Report(unit.Finding{Code: checks.WallClockTTL, Pos: c.expr.Pos(), End: c.expr.End(), Message: msg, Related: related, Key: key})
}

func funcName(fn *ssa.Function) string {
	if fn.Parent() == nil {
		return fn.Name()
	}
	return "a function literal in " + calls.Outermost(fn).Name()
}

// ssaAt returns the SSA comparison (a bool BinOp or call) at pos.
func (w *checker) ssaAt(pos token.Pos) ssa.Value {
	if w.byPos == nil {
		w.byPos = map[token.Pos]ssa.Value{}
		for _, fn := range w.u.Funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					switch x := instr.(type) {
					case *ssa.BinOp:
						w.byPos[x.Pos()] = x
					case *ssa.Call:
						w.byPos[x.Pos()] = x
					}
				}
			}
		}
	}
	v := w.byPos[pos]
	if v == nil {
		return nil
	}
	if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsBoolean == 0 {
		return nil
	}
	return v
}

// decision follows a comparison's result to the branches and returns it
// reaches. It returns the first write a branch decides, and whether the
// result is returned from its function. Remaining validity measured on
// this host's monotonic clock is how a contender must decide a takeover
// (client-go does so), so for kindValidity only writes of protected data
// count.
func (w *checker) decision(v ssa.Value, kind decisionKind) (*effectSite, bool) {
	var ifs []*ssa.If
	returned := false
	seen := map[ssa.Value]bool{}
	var follow func(v ssa.Value, depth int)
	follow = func(v ssa.Value, depth int) {
		if seen[v] || depth > maxDecisionFlow || v.Referrers() == nil {
			return
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch x := r.(type) {
			case *ssa.If:
				ifs = append(ifs, x)
			case *ssa.Return:
				returned = true
			case *ssa.UnOp:
				if x.Op == token.NOT {
					follow(x, depth+1)
				}
			case *ssa.Phi:
				follow(x, depth+1)
			case *ssa.BinOp:
				if x.Op == token.EQL || x.Op == token.NEQ {
					follow(x, depth+1)
				}
			case *ssa.ChangeType:
				follow(x, depth+1)
			case *ssa.Store:
				if alloc, ok := x.Addr.(*ssa.Alloc); ok && x.Val == v {
					for _, ar := range *alloc.Referrers() {
						if ld, ok := ar.(*ssa.UnOp); ok && ld.Op == token.MUL {
							follow(ld, depth+1)
						}
					}
				}
			}
		}
	}
	follow(v, 0)
	// if cond { return true }: the branch decides the verdict returned.
	for _, iff := range ifs {
		d := iff.Block()
		for _, b := range d.Parent().Blocks {
			if len(b.Instrs) == 0 {
				continue
			}
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && returnsBoolConst(ret) && w.decided(d, b) {
				returned = true
			}
		}
	}
	for _, iff := range ifs {
		d := iff.Block()
		for _, e := range w.effects(d.Parent()) {
			if kind == kindValidity && e.takeover {
				continue
			}
			if w.decided(d, e.instr.Block()) {
				return &e, returned
			}
		}
	}
	return nil, returned
}

// decided reports whether the branch ending d decides whether b runs: one
// successor leads to b and the other does not, or one successor is entered
// only from d and dominates b.
func (w *checker) decided(d, b *ssa.BasicBlock) bool {
	if len(d.Succs) != 2 {
		return false
	}
	for _, s := range d.Succs {
		if len(s.Preds) == 1 && s.Dominates(b) {
			return true
		}
	}
	return w.reaches(d.Succs[0], b) != w.reaches(d.Succs[1], b)
}

func (w *checker) reaches(from, to *ssa.BasicBlock) bool {
	if w.reachSet == nil {
		w.reachSet = map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool{}
	}
	set, ok := w.reachSet[from]
	if !ok {
		set = map[*ssa.BasicBlock]bool{}
		stack := []*ssa.BasicBlock{from}
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if set[b] {
				continue
			}
			set[b] = true
			stack = append(stack, b.Succs...)
		}
		w.reachSet[from] = set
	}
	return set[to]
}

// effects lists the writes of fn in block order: protected effects that do
// not carry the fence, writes of a Redis lock key, lease takeovers, and
// calls of this package's functions (and function literals) that perform
// one.
func (w *checker) effects(fn *ssa.Function) []effectSite {
	if w.effs == nil {
		w.effs = map[*ssa.Function][]effectSite{}
	}
	if es, ok := w.effs[fn]; ok {
		return es
	}
	var es []effectSite
	w.effs[fn] = es // cycles
	for ci := range calls.In(fn) {
		if what, takeover := w.effectOf(fn, ci, 0); what != "" {
			es = append(es, effectSite{ci, what, takeover})
		}
	}
	w.effs[fn] = es
	return es
}

func (w *checker) effectOf(fn *ssa.Function, ci ssa.CallInstruction, depth int) (string, bool) {
	c := ci.Common()
	if callee := calls.Callee(c); callee != nil {
		if e := effect.Classify(ci, w.u.Tokens(fn)); e != nil {
			if e.Verdict == effect.Carried {
				return "", false // the resource rejects a stale holder anyway
			}
			return effectText(e), e.Stmt != nil && vocab.LockTable.Match(e.Stmt.Table)
		}
		for f, what := range model.KB.LeaseTakeovers {
			if f.Matches(callee) {
				return what, true
			}
		}
		if w.redisLockWrite(c, callee) {
			return "go-redis " + callee.Name() + " of the lock key", true
		}
		if op := objlock.Of(ci); op != nil && (op.Claims() || op.Releases()) && objlock.LockObject(op.Name) {
			return op.Store.Name + " " + callee.Name() + " of the lock object", true
		}
	}
	if depth >= maxEffectDepth {
		return "", false
	}
	var inner []*ssa.Function
	if sc := c.StaticCallee(); sc != nil {
		inner = append(inner, sc)
	}
	for _, a := range c.Args {
		switch x := a.(type) {
		case *ssa.MakeClosure:
			if f, ok := x.Fn.(*ssa.Function); ok {
				inner = append(inner, f)
			}
		case *ssa.Function:
			inner = append(inner, x)
		}
	}
	for _, f := range inner {
		if !w.local(f) {
			continue
		}
		if ie := w.innerEffect(f, depth+1); ie.what != "" {
			if f.Parent() != nil {
				return ie.what, ie.takeover
			}
			return ie.what + " in " + f.Name(), ie.takeover
		}
	}
	return "", false
}

// innerEffect returns the first write of fn (or of what it calls).
func (w *checker) innerEffect(fn *ssa.Function, depth int) *effectSite {
	if w.inner == nil {
		w.inner = map[*ssa.Function]*effectSite{}
	}
	if e, ok := w.inner[fn]; ok {
		return e
	}
	res := &effectSite{}
	w.inner[fn] = res // cycles
	for ci := range calls.In(fn) {
		if what, takeover := w.effectOf(fn, ci, depth); what != "" {
			res.instr, res.what, res.takeover = ci, what, takeover
			return res
		}
	}
	return res
}

func (w *checker) local(fn *ssa.Function) bool { return calls.Local(fn, w.u.Pkg) }

// redisLockWrite recognises a go-redis write of a lock key (a takeover
// when the holder is believed dead); the effect classifier leaves the
// lock's own key to the lifecycle checks.
func (w *checker) redisLockWrite(c *ssa.CallCommon, callee *types.Func) bool {
	for _, s := range model.KB.Sinks {
		if !s.LockKeys || s.Cond != model.CondNone || s.Key < 0 || !model.MatchesAny(s.Funcs, callee) {
			continue
		}
		p, ok := calls.ConstPrefix(calls.Arg(c, s.Key))
		return ok && vocab.LockKey.Match(p)
	}
	return false
}

// touches reports whether fn (or a function enclosing it) uses a lock
// API: it acquires, releases or queries a lock, runs in or is called from a
// critical section, reads or writes a lock table or a Redis lock key.
func (w *checker) touches(fn *ssa.Function) bool {
	if w.touch == nil {
		w.touch = map[*ssa.Function]bool{}
		w.reached = map[*ssa.Function]bool{}
		for _, s := range w.u.Sections {
			w.reach(s.Fn, 0)
		}
	}
	for p := fn; p != nil; p = p.Parent() {
		if w.touchesOwn(p) {
			return true
		}
	}
	return false
}

func (w *checker) reach(fn *ssa.Function, depth int) {
	if w.reached[fn] || depth > unit.MaxDepth {
		return
	}
	w.reached[fn] = true
	for ci := range calls.In(fn) {
		c := ci.Common()
		if sc := c.StaticCallee(); w.local(sc) {
			w.reach(sc, depth+1)
		}
		for _, a := range c.Args {
			if mc, ok := a.(*ssa.MakeClosure); ok {
				if f, ok := mc.Fn.(*ssa.Function); ok && w.local(f) {
					w.reach(f, depth+1)
				}
			}
		}
	}
}

func (w *checker) touchesOwn(fn *ssa.Function) bool {
	if v, ok := w.touch[fn]; ok {
		return v
	}
	v := w.reached[fn] || lockuse.Uses(fn, w.Parse)
	w.touch[fn] = v
	return v
}

// effectText names an effect for messages: "UPDATE locks (database/sql
// DB.ExecContext)", "go-redis Del".
func effectText(e *effect.Effect) string {
	if via := e.Via(); via != e.What {
		return e.What + " (" + via + ")"
	}
	return e.What
}

// returnsBoolConst reports whether a return yields a constant bool,
// directly or (in a function with defers) through the result variable
// stored just before.
func returnsBoolConst(ret *ssa.Return) bool {
	isBool := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Const)
		if !ok || c.Value == nil {
			return false
		}
		b, ok := c.Type().Underlying().(*types.Basic)
		return ok && b.Info()&types.IsBoolean != 0
	}
	for _, r := range ret.Results {
		if isBool(r) {
			return true
		}
		ld, ok := r.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			continue
		}
		for _, instr := range ret.Block().Instrs {
			if st, ok := instr.(*ssa.Store); ok && st.Addr == ld.X && isBool(st.Val) {
				return true
			}
		}
	}
	return false
}
