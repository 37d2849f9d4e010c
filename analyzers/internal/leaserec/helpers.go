package leaserec

import (
	"go/token"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// maxHelperRounds bounds the helper-of-a-helper chains summarised in one
// package (writeLock calls writeAtomic calls os.WriteFile).
const maxHelperRounds = 3

// Files classifies the file calls of one package: the standard library's
// (File) and this package's helpers. A helper does one kind of thing to
// one file: the path one of its parameters names, or a path it computes
// itself from no parameter (RemovePidFile() removes pidFilePath()).
// Helpers of other packages are not summarised: that would need a fact,
// and the drivers analyse a dependency only when it may export one of
// the lock checks' facts (a known gap: a lock file helper package of the
// program's own, lockutil.RemoveLockFile(path), is not seen through).
type Files struct {
	own map[*ssa.Function]helperOp
}

type helperOp struct {
	op    Op
	param int       // index into the callee's Params, or -1 for a fixed path
	path  ssa.Value // the fixed path, inside the helper
}

// NewFiles summarises the file helpers among funcs.
func NewFiles(funcs []*ssa.Function) *Files {
	f := &Files{own: map[*ssa.Function]helperOp{}}
	for round := 0; round < maxHelperRounds; round++ {
		changed := false
		for _, fn := range funcs {
			if _, done := f.own[fn]; done || fn.Parent() != nil || fn.Blocks == nil {
				continue
			}
			if h, ok := f.summarise(fn); ok {
				f.own[fn] = h
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	return f
}

// summarise returns what fn does to a file when every file call in it
// does the same thing to the same parameter, or to the same path that
// depends on no parameter.
func (f *Files) summarise(fn *ssa.Function) (helperOp, bool) {
	var h helperOp
	seen := false
	for ci := range calls.In(fn) {
		op, path := f.Op(ci.Common())
		if op == NoOp {
			continue
		}
		if src := renameSource(ci.Common()); src != nil {
			if _, ok := resolvePath(src).(*ssa.Parameter); ok {
				// os.Rename(path, aside) moves the caller's file away: a
				// helper that renames it aside and back (an atomic stale
				// reclaim) does two things to it, and is no helper.
				return helperOp{}, false
			}
		}
		if path == nil {
			return helperOp{}, false
		}
		cur := helperOp{op: op, param: -1, path: path}
		if prm, ok := resolvePath(path).(*ssa.Parameter); ok {
			cur.param, cur.path = calls.ParamIndex(fn, prm), nil
			if cur.param < 0 {
				return helperOp{}, false
			}
		} else if !fixedPath(path) {
			// A file made from a parameter (path + ".tmp", written and
			// renamed onto the path: the atomic-write idiom) is the
			// helper's scratch, not what it does to its callers' file.
			continue
		}
		if seen && (cur.op != h.op || cur.param != h.param || cur.param < 0 && !SamePath(cur.path, h.path)) {
			return helperOp{}, false
		}
		h, seen = cur, true
	}
	return h, seen
}

// fixedPath reports whether a path depends on no parameter of the
// function computing it: a constant, a package variable, or the result of
// a call with constant or no arguments (pidFilePath(),
// filepath.Join(configDir, "daemon.pid")).
func fixedPath(v ssa.Value) bool {
	return fixed(calls.Unwrap(calls.Resolve(v)), 0)
}

func fixed(v ssa.Value, depth int) bool {
	if depth > maxPathDepth {
		return false
	}
	switch x := v.(type) {
	case *ssa.Const, *ssa.Global:
		return true
	case *ssa.UnOp:
		_, ok := x.X.(*ssa.Global)
		return ok
	case *ssa.BinOp:
		return fixed(calls.Unwrap(x.X), depth+1) && fixed(calls.Unwrap(x.Y), depth+1)
	case *ssa.Call:
		if x.Call.IsInvoke() || x.Call.StaticCallee() == nil {
			return false
		}
		for _, a := range x.Call.Args {
			if elems, ok := calls.Variadic(a); ok {
				for _, e := range elems {
					if !fixed(calls.Unwrap(calls.Resolve(e)), depth+1) {
						return false
					}
				}
				continue
			}
			if !fixed(calls.Unwrap(calls.Resolve(a)), depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// Op classifies a call: what it does to a file, and the path. For a
// helper with a fixed path the path is the value inside the helper.
func (f *Files) Op(c *ssa.CallCommon) (Op, ssa.Value) {
	if op, path := File(c); op != NoOp {
		return op, path
	}
	if c.IsInvoke() {
		return NoOp, nil
	}
	fn := c.StaticCallee()
	if fn == nil {
		return NoOp, nil
	}
	if h, ok := f.own[fn]; ok {
		if h.param < 0 {
			return h.op, h.path
		}
		if h.param < len(c.Args) {
			return h.op, c.Args[h.param]
		}
		return NoOp, nil
	}
	return NoOp, nil
}

// Helper reports whether fn is one of this package's file helpers.
func (f *Files) Helper(fn *ssa.Function) bool {
	_, ok := f.own[fn]
	return ok
}

// maxBoxes bounds the captured variables a path is followed through.
const maxBoxes = 4

// resolvePath is the value a path variable holds: through free variables
// (calls.Resolve) and through variables that function literals capture
// (the path parameter of acquireLock, boxed because the release closure
// it returns reads it), when the variable is assigned once.
func resolvePath(v ssa.Value) ssa.Value {
	for i := 0; i < maxBoxes; i++ {
		v = calls.Unwrap(calls.Resolve(v))
		load, ok := v.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return v
		}
		alloc, ok := calls.Unwrap(calls.Resolve(load.X)).(*ssa.Alloc)
		if !ok || alloc.Referrers() == nil {
			return v
		}
		var stored ssa.Value
		for _, r := range *alloc.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
				if stored != nil {
					return v // assigned twice
				}
				stored = st.Val
			}
		}
		if stored == nil {
			return v
		}
		v = stored
	}
	return v
}

// renameSource returns the path a rename moves away (os.Rename's first
// argument), or nil for any other call.
func renameSource(c *ssa.CallCommon) ssa.Value {
	if fn := calls.Callee(c); fn != nil && model.MatchesAny(model.LockFiles.Replaces, fn) {
		return calls.Arg(c, 0)
	}
	return nil
}
