// Package holderflag finds the fields a package keeps its verdict on a
// lease in: a bool or integer (plain or sync/atomic) named as a held lease
// or leadership (isLeader, schedulerLeadership, leaseHeld), with the
// stores that set and clear it and the loads that read it. FC5002 asks
// whether loss clears it; FC2001 reads a branch on it as a lease check.
package holderflag

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Flag is a field that caches whether this process holds a lease.
type Flag struct {
	Field  *types.Var
	Owner  types.Type        // the struct the field belongs to
	Sets   []ssa.Instruction // stores of true / non-zero
	Clears []ssa.Instruction
	Reads  map[*ssa.Function][]ssa.Instruction
}

// Find collects the fields of package pkg named as a held lease, of a
// bool or integer type (plain or sync/atomic), with their stores and
// loads.
func Find(funcs []*ssa.Function, pkg *types.Package) map[*types.Var]*Flag {
	out := map[*types.Var]*Flag{}
	get := func(addr ssa.Value) *Flag {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			return nil
		}
		ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
		if !ok {
			return nil
		}
		v := calls.FieldVar(ptr.Elem(), fa.Field)
		if v == nil || v.Pkg() != pkg || !vocab.LeaseHeld.Match(v.Name()) || !flagType(v.Type()) {
			return nil
		}
		if out[v] == nil {
			out[v] = &Flag{Field: v, Owner: ptr.Elem(), Reads: map[*ssa.Function][]ssa.Instruction{}}
		}
		return out[v]
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Store:
					if f := get(x.Addr); f != nil {
						f.record(x, x.Val)
					}
				case *ssa.UnOp:
					if x.Op == token.MUL {
						if f := get(x.X); f != nil {
							f.Reads[fn] = append(f.Reads[fn], x)
						}
					}
				case *ssa.Call:
					callee := calls.Callee(&x.Call)
					if callee == nil || callee.Pkg() == nil || callee.Pkg().Path() != "sync/atomic" {
						continue
					}
					var addr, val ssa.Value
					if recv := calls.Receiver(&x.Call); recv != nil {
						addr, val = recv, calls.Arg(&x.Call, 0) // flag.Store(true), flag.Load()
					} else {
						addr, val = calls.Arg(&x.Call, 0), calls.Arg(&x.Call, 1) // atomic.StoreInt32(&f, 1)
					}
					f := get(addr)
					switch {
					case f == nil:
					case strings.HasPrefix(callee.Name(), "Store"):
						f.record(x, val)
					case strings.HasPrefix(callee.Name(), "Load"):
						f.Reads[fn] = append(f.Reads[fn], x)
					}
				}
			}
		}
	}
	return out
}

// record files a store of val as a set or a clear (a value computed at run
// time is neither).
func (f *Flag) record(instr ssa.Instruction, val ssa.Value) {
	c, ok := val.(*ssa.Const)
	if !ok || c.Value == nil {
		return
	}
	if c.Value.String() == "false" || c.Value.String() == "0" {
		f.Clears = append(f.Clears, instr)
	} else {
		f.Sets = append(f.Sets, instr)
	}
}

// flagType reports bool, integer and sync/atomic's Bool and Int types.
func flagType(t types.Type) bool {
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync/atomic" {
		return n.Obj().Name() == "Bool" || strings.HasPrefix(n.Obj().Name(), "Int") || strings.HasPrefix(n.Obj().Name(), "Uint")
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsInteger) != 0
}
