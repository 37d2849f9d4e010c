package claims

import (
	"fmt"
	"go/token"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// lockFiles reports a lock file claimed by asking whether it exists and
// then creating it with a plain write (os.WriteFile, os.Create, OpenFile
// without O_EXCL) on the branch where it was absent, when the branch where
// it exists can stop the work (a return that skips the write): two
// processes can both find it absent and both write it, and both go on.
// Reading the file is asking too, when the read's error is what is tested
// (os.ReadFile, errors.Is(err, os.ErrNotExist)); the write must then be one
// that only the absent branch reaches, since a holder also reads its file
// to rewrite it. The calls may be the program's own file helpers
// (acquireLock(path) that creates its path). An exclusive create
// (O_CREATE|O_EXCL, Mkdir, Link) is the claim done right and is never
// reported; a rewrite where the file exists is a renewal.
func (c *claimer) lockFiles() {
	var checks_, writes []fileCall
	files := c.u.Files()
	for _, b := range c.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			switch op, path := files.Op(&call.Call); op {
			case leaserec.Exists, leaserec.Read:
				checks_ = append(checks_, fileCall{call, path, op})
			case leaserec.Create:
				if c.paths.Lock(path) {
					writes = append(writes, fileCall{call, path, op})
				}
			}
		}
	}
	for _, w := range writes {
		for _, chk := range checks_ {
			if !c.paths.Same(chk.path, w.path) {
				continue
			}
			absent, present := c.existsBranches(chk.call)
			if absent == nil || !chk.call.Block().Dominates(w.call.Block()) ||
				!reachable(absent, w.call.Block(), nil) || !returnsAvoiding(present, w.call.Block()) ||
				chk.op == leaserec.Read && reachable(present, w.call.Block(), nil) {
				continue
			}
			pos := w.call.Pos()
			c.u.Report(unit.Finding{Code: checks.CheckThenAct, Pos: pos, End: pos, Key: chk.call.Pos(),
				Message: fmt.Sprintf(
					"%s creates the lock file on what the existence check at %s found: two processes can both find it absent and both write it, and both go on as the holder; create it exclusively (os.OpenFile with os.O_CREATE|os.O_EXCL, or os.Mkdir) and act only if that succeeded",
					calls.Callee(&w.call.Call).Name(), c.where(chk.call.Pos())),
				Related: []analysis.RelatedInformation{{Pos: chk.call.Pos(), Message: "the lock file's existence is checked here"}}})
			break
		}
	}
}

type fileCall struct {
	call *ssa.Call
	path ssa.Value
	op   leaserec.Op
}

// existsBranches finds the If that tests the existence check chk and
// returns its successor where the file is absent and the one where it
// exists: the bool of a helper (if exists(p)), or the error of os.Stat
// (os.IsNotExist(err), err != nil, err == nil).
func (c *claimer) existsBranches(chk *ssa.Call) (absent, present *ssa.BasicBlock) {
	for _, b := range c.fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !chk.Block().Dominates(b) {
			continue
		}
		trueAbsent, ok := polarity(ifi.Cond, chk, 0)
		if !ok {
			continue
		}
		if trueAbsent {
			return b.Succs[0], b.Succs[1]
		}
		return b.Succs[1], b.Succs[0]
	}
	return nil, nil
}

// maxPolarity bounds the negations and extractions followed from an If's
// condition back to an existence check.
const maxPolarity = 4

// polarity reports whether cond is true when the file checked by chk is
// absent (trueAbsent), and whether cond tests chk at all.
func polarity(cond ssa.Value, chk *ssa.Call, depth int) (trueAbsent, ok bool) {
	if depth > maxPolarity {
		return false, false
	}
	switch x := cond.(type) {
	case *ssa.Call:
		if x == chk {
			return false, calls.IsBool(chk.Type()) // exists(p): true when present
		}
		// os.IsNotExist(err), errors.Is(err, fs.ErrNotExist), os.IsExist(err)
		fn := calls.Callee(&x.Call)
		if fn == nil {
			return false, false
		}
		for _, a := range calls.Args(&x.Call) {
			if errOf(a, chk) {
				name := fn.Name()
				switch {
				case name == "IsNotExist":
					return true, true
				case name == "Is" && len(calls.Args(&x.Call)) == 2:
					if g, ok := calls.Unwrap(calls.Arg(&x.Call, 1)).(*ssa.UnOp); ok {
						if gl, ok := g.X.(*ssa.Global); ok && gl.Name() == "ErrNotExist" {
							return true, true
						}
					}
				}
			}
		}
	case *ssa.UnOp:
		if x.Op == token.NOT {
			t, ok := polarity(x.X, chk, depth+1)
			return !t, ok
		}
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return false, false
		}
		if (errOf(x.X, chk) && isNil(x.Y)) || (errOf(x.Y, chk) && isNil(x.X)) {
			return x.Op == token.NEQ, true // err != nil: absent (or unreadable)
		}
	}
	return false, false
}

// errOf reports whether v is the error result of the call chk.
func errOf(v ssa.Value, chk *ssa.Call) bool {
	e, ok := calls.Unwrap(v).(*ssa.Extract)
	return ok && e.Tuple == chk && e.Index == chk.Call.Signature().Results().Len()-1
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// reachable reports whether to is reachable from from without passing
// through avoid.
func reachable(from, to, avoid *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == avoid || seen[b] {
			continue
		}
		if b == to {
			return true
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

// returnsAvoiding reports whether the function can return from b without
// passing through avoid: the file's presence can stop the claim.
func returnsAvoiding(b, avoid *ssa.BasicBlock) bool {
	for _, r := range b.Parent().Blocks {
		if len(r.Instrs) > 0 {
			if _, ok := r.Instrs[len(r.Instrs)-1].(*ssa.Return); ok && reachable(b, r, avoid) {
				return true
			}
		}
	}
	return false
}

// staleTakeovers reports a lock file taken over by a plain write (a
// create that truncates, or a rename of a temporary file onto it) after it
// was judged stale by the clock, in a package whose claim is an exclusive
// create of the same file: the exclusive create is what makes one claimant
// win, and the takeover bypasses it. Two contenders can both judge the
// file stale and both write it; reading the file back afterwards to find
// one's own nonce does not help (write A, read A, write B, read B: both
// saw their own). The write is reported where the takeover makes it: the
// direct write, or the call of the package's helper that writes the path
// it is given. The judgement is a function that reads the clock and reads
// the file (directly or through a helper it calls) and calls the takeover
// synchronously, or the takeover itself; a heartbeat started with go from
// the acquisition rewrites its own file and is no takeover.
func staleTakeovers(u *unit.Unit) {
	paths := u.Paths()
	type fileOp struct {
		fn   *ssa.Function
		ci   ssa.CallInstruction
		op   leaserec.Op
		path ssa.Value
	}
	var ops []fileOp
	for _, s := range u.Index.Sites() {
		if op, path := leaserec.File(s.Call.Common()); op != leaserec.NoOp && path != nil {
			ops = append(ops, fileOp{s.Fn, s.Call, op, path})
		}
	}
	// writerParam: the package's helpers that write the path they are
	// given (updateLockFileAtomic(path, content)), by parameter index.
	writerParam := map[*ssa.Function]int{}
	for _, o := range ops {
		if o.op != leaserec.Create {
			continue
		}
		if p, ok := calls.Unwrap(o.path).(*ssa.Parameter); ok {
			for i, q := range o.fn.Params {
				if q == p {
					writerParam[o.fn] = i
				}
			}
		}
	}
	readsFile := func(fn *ssa.Function, path ssa.Value) bool {
		for _, o := range ops {
			if o.op != leaserec.Read || !paths.Same(o.path, path) {
				continue
			}
			if o.fn == fn {
				return true
			}
			for _, ci := range u.Index.Callers(o.fn) {
				if ci.Parent() == fn {
					return true
				}
			}
		}
		return false
	}
	exclusive := func(path ssa.Value) bool {
		for _, o := range ops {
			if o.op == leaserec.Exclusive && paths.Same(o.path, path) {
				return true
			}
		}
		return false
	}
	// judged returns the function whose judgement by the clock leads to
	// the write w in t: a caller that calls t after judging, or t itself
	// when it judges before writing (a renewal stamps the time and judges
	// nothing).
	judged := func(t *ssa.Function, w ssa.CallInstruction, path ssa.Value) *ssa.Function {
		for _, ci := range u.Index.Callers(t) {
			if _, sync := ci.(*ssa.Call); sync && !calls.InTestFile(u.Pass.Fset, ci.Pos()) && leaserec.JudgedBefore(ci) && readsFile(ci.Parent(), path) {
				return ci.Parent()
			}
		}
		if leaserec.JudgedBefore(w) && readsFile(t, path) {
			return t
		}
		return nil
	}
	report := func(t *ssa.Function, ci ssa.CallInstruction, path ssa.Value, via string) {
		if calls.InTestFile(u.Pass.Fset, ci.Pos()) || !paths.Lock(path) || !exclusive(path) {
			return
		}
		j := judged(t, ci, path)
		if j == nil {
			return
		}
		pos, end := u.Span(ci)
		u.Report(unit.Finding{Code: checks.CheckThenAct, Pos: pos, End: end, Key: ci.Pos(),
			Message: fmt.Sprintf("%s takes the lock file over with a plain write%s after %s judged it stale by the clock, while the lock is claimed by creating the file exclusively elsewhere: two processes can both judge it stale and both write it, and reading it back for one's own id does not tell them apart (each can read its own write before the other's lands); take the stale file over atomically (rename it aside to a name of your own, which only one process can do, then create it exclusively), or use a lock the operating system releases (flock)",
				t.Name(), via, j.Name()),
			Related: []analysis.RelatedInformation{{Pos: j.Pos(), Message: "the lock file is judged stale in " + j.Name()}}})
	}
	for _, o := range ops {
		if o.op != leaserec.Create {
			continue
		}
		if _, isParam := calls.Unwrap(o.path).(*ssa.Parameter); isParam {
			continue // a helper's write: reported where the helper is called
		}
		report(o.fn, o.ci, o.path, " ("+calls.Callee(o.ci.Common()).Name()+")")
	}
	for _, s := range u.Index.Sites() {
		call, ok := s.Call.(*ssa.Call)
		if !ok {
			continue
		}
		callee := call.Call.StaticCallee()
		i, ok := writerParam[callee]
		if callee == nil || !ok || i >= len(call.Call.Args) {
			continue
		}
		report(s.Fn, s.Call, call.Call.Args[i], " (through "+callee.Name()+")")
	}
}
