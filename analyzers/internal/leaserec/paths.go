package leaserec

import (
	"fmt"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/callindex"
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"golang.org/x/tools/go/ssa"
)

// maxOriginDepth bounds how many parameters and fields a path value is
// followed back through to the values it was made from.
const maxOriginDepth = 5

// Paths tells which path values of one package name the same lock file
// across functions: a lock file protocol computes the path once (a
// directory joined with the lock file's name), hands it to the helpers
// that create, read and rewrite the file as a parameter, and keeps it in
// the lock's handle (Lock{path: p}) for the release. Two paths are the same
// lock file's when they are the same value, constant, field or package
// variable (SamePath), or when following parameters back to the arguments
// of every static call in the package, and fields back to every value the
// package stores in them, reaches a common value.
type Paths struct {
	ix     *callindex.Index
	funcs  []*ssa.Function
	stores map[string][]ssa.Value // field id -> values stored in it, built on first use
	memo   map[ssa.Value]map[string]bool
}

// NewPaths returns the path identities of a package: its call index and
// its source functions.
func NewPaths(ix *callindex.Index, funcs []*ssa.Function) *Paths {
	return &Paths{ix: ix, funcs: funcs, memo: map[ssa.Value]map[string]bool{}}
}

// Same reports whether a and b name the same lock file.
func (p *Paths) Same(a, b ssa.Value) bool {
	if SamePath(a, b) {
		return true
	}
	oa, ob := p.Origins(a), p.Origins(b)
	for id := range oa {
		if ob[id] {
			return true
		}
	}
	return false
}

// Lock reports whether v names a lock file (LockPath), itself or through
// one of the values it was made from.
func (p *Paths) Lock(v ssa.Value) bool {
	if LockPath(v) {
		return true
	}
	found := false
	p.walk(v, 0, map[ssa.Value]bool{}, func(o ssa.Value) {
		found = found || LockPath(o)
	})
	return found
}

// Origins returns the identities of the values v was made from: v itself,
// its key (a constant, field or package variable), and, through
// parameters and fields, the arguments and stored values of the package.
func (p *Paths) Origins(v ssa.Value) map[string]bool {
	if v == nil {
		return nil
	}
	if o, ok := p.memo[v]; ok {
		return o
	}
	o := map[string]bool{}
	p.walk(v, 0, map[ssa.Value]bool{}, func(x ssa.Value) {
		if id, _ := calls.KeyID(x); id != "" {
			o[id] = true
		}
		if fn := pathFunc(x); fn != nil {
			o["result:"+fn.String()] = true
		}
		o[fmt.Sprintf("value:%p", calls.Unwrap(calls.Resolve(x)))] = true
	})
	p.memo[v] = o
	return o
}

// walk visits v and the values it was made from.
func (p *Paths) walk(v ssa.Value, depth int, seen map[ssa.Value]bool, visit func(ssa.Value)) {
	if v == nil || seen[v] || depth > maxOriginDepth {
		return
	}
	seen[v] = true
	visit(v)
	x := resolvePath(v)
	if x != v {
		p.walk(x, depth, seen, visit)
		return
	}
	switch x := x.(type) {
	case *ssa.Parameter:
		fn := x.Parent()
		idx := -1
		for i, prm := range fn.Params {
			if prm == x {
				idx = i
			}
		}
		if idx < 0 {
			return
		}
		for _, ci := range p.ix.Callers(fn) {
			c := ci.Common()
			// A static call's Args line up with fn.Params, the receiver
			// of a method first in both.
			if args := c.Args; idx < len(args) {
				p.walk(c.Args[idx], depth+1, seen, visit)
			}
		}
	case *ssa.Call:
		// A path made by a function of the package (LockFilePath(name),
		// pidFilePath()): its words are in what the function returns.
		if fn := pathFunc(x); fn != nil {
			for _, b := range fn.Blocks {
				if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) == 1 {
					p.walk(r.Results[0], depth+1, seen, visit)
				}
			}
		}
	default:
		if id, _ := calls.KeyID(x); len(id) > 6 && id[:6] == "field:" {
			for _, s := range p.fieldStores()[id] {
				p.walk(s, depth+1, seen, visit)
			}
		}
	}
}

// fieldStores indexes the values the package stores in each field of its
// named struct types, by field id (calls.FieldID).
func (p *Paths) fieldStores() map[string][]ssa.Value {
	if p.stores != nil {
		return p.stores
	}
	p.stores = map[string][]ssa.Value{}
	for _, fn := range p.funcs {
		for st, fa := range calls.FieldStoresIn(fn) {
			if id, _ := calls.FieldID(fa.X.Type(), fa.Field); id != "" {
				p.stores[id] = append(p.stores[id], st.Val)
			}
		}
	}
	return p.stores
}

// pathFunc returns the function of the package that v is the result of,
// when it returns one string: a function that computes a lock file's path
// names the same file at every call, whatever its arguments (they choose
// among the files of one protocol: LockFilePath(name)).
func pathFunc(v ssa.Value) *ssa.Function {
	call, ok := calls.Unwrap(calls.Resolve(v)).(*ssa.Call)
	if !ok {
		return nil
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Blocks == nil || fn.Signature.Results().Len() != 1 {
		return nil
	}
	if b, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return nil
	}
	return fn
}
