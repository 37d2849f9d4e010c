package leaserec

import (
	"go/constant"
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Op is what a call does to a file path.
type Op int

const (
	NoOp      Op = iota
	Exists       // asks whether the path exists
	Read         // reads its contents
	Create       // creates or truncates it whoever holds it
	Exclusive    // creates it only if absent (O_EXCL, Mkdir, Link)
	Remove       // deletes it
)

// maxPathDepth bounds how far a path value is followed through
// concatenations and filepath.Join to find the words that name it: a lock
// file's path is a directory joined with a name and a suffix.
const maxPathDepth = 4

// File classifies a call on a file path and returns the path: the
// standard library's calls (model.LockFiles; a rename onto the path is a
// plain write of it), and a helper of the program's
// own that asks whether a path exists (a function named like "exists"
// taking one string and returning a bool, FileExists(path)).
func File(c *ssa.CallCommon) (Op, ssa.Value) {
	fn := calls.Callee(c)
	if fn == nil {
		return NoOp, nil
	}
	path := calls.Arg(c, 0)
	lf := &model.LockFiles
	switch {
	case model.MatchesAny(lf.Exists, fn):
		return Exists, path
	case model.MatchesAny(lf.Reads, fn):
		return Read, path
	case model.MatchesAny(lf.Creates, fn):
		return Create, path
	case model.MatchesAny(lf.Exclusive, fn):
		return Exclusive, path
	case model.MatchesAny(lf.Removes, fn):
		return Remove, path
	case model.MatchesAny(lf.Replaces, fn):
		return Create, calls.Arg(c, 1) // renamed onto the path
	case model.MatchesAny(lf.Opens, fn):
		flags, ok := calls.Arg(c, lf.FlagArg).(*ssa.Const)
		if !ok || flags.Value == nil || flags.Value.Kind() != constant.Int {
			return NoOp, nil
		}
		f, _ := constant.Int64Val(flags.Value)
		if excl, ok := osFlag(fn, lf.ExclFlag); ok && f&excl != 0 {
			return Exclusive, path
		}
		if creat, ok := osFlag(fn, "O_CREATE"); ok && f&creat != 0 {
			return Create, path
		}
		if f == 0 {
			return Read, path // O_RDONLY
		}
		return NoOp, nil
	case existsHelper(fn):
		return Exists, path
	}
	return NoOp, nil
}

// osFlag is the value of the integer constant name of the package that
// declares fn (O_EXCL differs between platforms).
func osFlag(fn *types.Func, name string) (int64, bool) {
	c, ok := fn.Pkg().Scope().Lookup(name).(*types.Const)
	if !ok || c.Val().Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c.Val())
}

// existsHelper reports whether fn is a function asking whether a path
// exists: named so ("FileExists", "exists", "PathExist"), one string
// parameter, one bool result.
func existsHelper(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 || !calls.IsBool(sig.Results().At(0).Type()) {
		return false
	}
	if b, ok := sig.Params().At(0).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return false
	}
	return existsWord.Match(fn.Name())
}

var existsWord = vocab.List{Rule: vocab.Stem, Words: []string{"exist"}}

// LockPath reports whether a path names a lock file: a constant part of it
// ("/run/app.lock", ".lck") or the variable, field or parameter holding it
// (lockFile, lockPath) is named like a lock.
func LockPath(v ssa.Value) bool {
	return lockPath(v, 0)
}

func lockPath(v ssa.Value, depth int) bool {
	if v == nil || depth > maxPathDepth {
		return false
	}
	v = calls.Resolve(v)
	if s, ok := calls.ConstString(v); ok {
		return vocab.LockFile.Match(s)
	}
	if _, hint := calls.KeyID(v); hint != "" && vocab.LockFile.Match(hint) {
		return true
	}
	switch x := calls.Unwrap(v).(type) {
	case *ssa.BinOp:
		return x.Op == token.ADD && (lockPath(x.X, depth+1) || lockPath(x.Y, depth+1))
	case *ssa.Call:
		// filepath.Join(dir, name+".lock"), fmt.Sprintf("%s.lock", name)
		for _, a := range calls.Args(&x.Call) {
			if elems, ok := calls.Variadic(a); ok {
				for _, e := range elems {
					if lockPath(e, depth+1) {
						return true
					}
				}
				continue
			}
			if lockPath(a, depth+1) {
				return true
			}
		}
	case *ssa.Parameter:
		return vocab.LockFile.Match(x.Name())
	}
	return false
}

// SamePath reports whether two path values are the same lock file's: the
// same value, or the same constant, field or package variable.
func SamePath(a, b ssa.Value) bool {
	if calls.SameKey(a, b) {
		return true
	}
	ida, _ := calls.KeyID(a)
	idb, _ := calls.KeyID(b)
	return ida != "" && ida == idb
}

// Aged reports whether fn judges an age or an expiry by the clock: it
// compares a reading of this host's clock (time.Since, time.Until, or
// time.Now() compared or subtracted) or reads a file's modification time.
// A lock file read in such a function can be taken over when it is judged
// stale. A clock reading only stored (a heartbeat's UpdatedAt: time.Now())
// judges nothing.
func Aged(fn *ssa.Function) bool {
	for ci := range calls.In(fn) {
		if judgesClock(ci) {
			return true
		}
	}
	return false
}

// Judges reports whether fn judges an age or expiry by the clock itself
// (Aged) or through a function of the package it calls (IsStale(s)).
func Judges(fn *ssa.Function) bool {
	if Aged(fn) {
		return true
	}
	for ci := range calls.In(fn) {
		if callee := ci.Common().StaticCallee(); callee != nil && callee.Blocks != nil && callee != fn && Aged(callee) {
			return true
		}
	}
	return false
}

// JudgedBefore reports whether a judgement by the clock can run before at
// in at's function: a call that compares the clock (Aged's), or a call of
// a function of the package that does (IsStale(existing)).
func JudgedBefore(at ssa.CallInstruction) bool {
	for ci := range calls.In(at.Parent()) {
		if ci == at || !calls.Reaches(ci, at) {
			continue
		}
		if judgesClock(ci) {
			return true
		}
		if fn := ci.Common().StaticCallee(); fn != nil && fn.Blocks != nil && fn != at.Parent() && Aged(fn) {
			return true
		}
	}
	return false
}

func judgesClock(ci ssa.CallInstruction) bool {
	callee := calls.Callee(ci.Common())
	if callee == nil || callee.Pkg() == nil {
		return false
	}
	switch {
	case callee.Pkg().Path() == "time" && (callee.Name() == "Since" || callee.Name() == "Until"):
		return true
	case callee.Pkg().Path() == "time" && callee.Name() == "Now":
		v, ok := ci.(*ssa.Call)
		return ok && compared(v, 0)
	case callee.Name() == "ModTime":
		return true
	}
	return false
}

// compared reports whether a clock reading is compared or subtracted
// (now.After(exp), now.Sub(t), now.Unix() > exp), not only stored.
func compared(v ssa.Value, depth int) bool {
	if depth > 2 || v.Referrers() == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.BinOp:
			switch r.Op {
			case token.LSS, token.GTR, token.LEQ, token.GEQ, token.SUB:
				return true
			}
		case *ssa.Call:
			fn := calls.Callee(&r.Call)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
				continue
			}
			switch fn.Name() {
			case "Before", "After", "Sub", "Compare":
				return true
			case "Unix", "UnixNano", "UnixMilli", "UnixMicro":
				if compared(r, depth+1) {
					return true
				}
			}
		}
	}
	return false
}
