// Package scriptsrc finds the Lua text a Redis script call runs: the text
// handed to the call (Eval), or the source a script value was made from
// (redis.NewScript(text)), wherever the package keeps that value: a local,
// a package variable, or a struct field it assigns (m.refresh =
// redis.NewScript(refreshScript) in a constructor, m.refresh.Run(...) in a
// method). Release and renewal rules read scripts through it.
package scriptsrc

import (
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// maxDepth bounds the values followed from a script value to its source.
const maxDepth = 4

// Index answers for one package. It indexes the package's stores into
// package variables and struct fields on first use; it is not safe for
// concurrent use.
type Index struct {
	funcs   []*ssa.Function
	globals map[*ssa.Global][]ssa.Value
	fields  map[field][]ssa.Value
}

// field names a struct field: the struct type and the field's index.
type field struct {
	t *types.Named
	i int
}

// New returns the index of the package whose functions are funcs (its
// init function included by the caller when it assigns variables).
func New(funcs []*ssa.Function) *Index { return &Index{funcs: funcs} }

// Text returns the Lua text a call of a script run of the knowledge base
// runs (model.KB.ScriptRunOf), or false.
func (x *Index) Text(ci ssa.CallInstruction) (string, bool) {
	c := ci.Common()
	sr := model.KB.ScriptRunOf(calls.Callee(c))
	if sr == nil {
		return "", false
	}
	if sr.Script >= 0 {
		return calls.ConstString(calls.Arg(c, sr.Script))
	}
	return x.Source(calls.Receiver(c))
}

// Source returns the Lua source of a script value: the text of the
// constructor call that made it, followed through the package's variables
// and fields.
func (x *Index) Source(v ssa.Value) (string, bool) { return x.source(v, 0) }

func (x *Index) source(v ssa.Value, depth int) (string, bool) {
	if depth > maxDepth || v == nil {
		return "", false
	}
	var stored []ssa.Value
	switch y := calls.Unwrap(calls.Resolve(v)).(type) {
	case *ssa.Call:
		if model.MatchesAny(model.KB.ScriptSources, calls.Callee(&y.Call)) {
			return calls.ConstString(calls.Arg(&y.Call, 0))
		}
		return "", false
	case *ssa.UnOp:
		if y.Op != token.MUL {
			return "", false
		}
		x.index()
		switch a := y.X.(type) {
		case *ssa.Global:
			stored = x.globals[a]
		case *ssa.FieldAddr:
			if k, ok := fieldOf(a); ok {
				stored = x.fields[k]
			}
		}
	}
	var src string
	for _, s := range stored {
		t, ok := x.source(s, depth+1)
		if !ok || src != "" && t != src {
			return "", false // a script chosen at run time
		}
		src = t
	}
	return src, src != ""
}

func (x *Index) index() {
	if x.globals != nil {
		return
	}
	x.globals, x.fields = map[*ssa.Global][]ssa.Value{}, map[field][]ssa.Value{}
	for _, fn := range x.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				switch a := st.Addr.(type) {
				case *ssa.Global:
					x.globals[a] = append(x.globals[a], st.Val)
				case *ssa.FieldAddr:
					if k, ok := fieldOf(a); ok {
						x.fields[k] = append(x.fields[k], st.Val)
					}
				}
			}
		}
	}
}

func fieldOf(fa *ssa.FieldAddr) (field, bool) {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return field{}, false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok {
		return field{}, false
	}
	return field{n, fa.Field}, true
}
