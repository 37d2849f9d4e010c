package calls

import (
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// Built is a Redis command built by a chain of method calls from a
// builder (model.Command.Builder): rueidis' client.B().Set().Key(k).
// Value(v).Nx().Build().
type Built struct {
	// Name is the method called on the builder, which names the command
	// ("Set").
	Name string
	// Steps are the calls after it, in order (Key, Value, Nx, Build).
	Steps []*ssa.Call
}

// maxChain bounds the walk back along a command's chain.
const maxChain = 64

// BuiltCommand returns the command v was built from with b: the chain of
// calls of methods of b's package that ends in v and starts at a method of
// b's builder type. It is nil when v is not such a chain of calls in one
// function (a phi of two chains, a command passed in as a parameter).
func BuiltCommand(v ssa.Value, b *model.Builder) *Built {
	if b == nil || v == nil {
		return nil
	}
	var steps []*ssa.Call
	for range maxChain {
		call, ok := Unwrap(v).(*ssa.Call)
		if !ok {
			return nil
		}
		fn := Callee(&call.Call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != b.Type.Pkg {
			return nil
		}
		recv := Receiver(&call.Call)
		if recv == nil {
			return nil
		}
		if isType(recv.Type(), b.Type) {
			out := &Built{Name: fn.Name()}
			for i := len(steps) - 1; i >= 0; i-- {
				out.Steps = append(out.Steps, steps[i])
			}
			return out
		}
		steps = append(steps, call)
		v = recv
	}
	return nil
}

// isType reports whether t (or what it points to) is the named type f
// names (Pkg, Type).
func isType(t types.Type, f model.Field) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == f.Type && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == f.Pkg
}

// Flags are the names of the methods called after the one that named the
// command (Key, Value, Nx, Px, Build).
func (b *Built) Flags() []string {
	out := make([]string, 0, len(b.Steps))
	for _, s := range b.Steps {
		out = append(out, Callee(&s.Call).Name())
	}
	return out
}

// Key returns the argument of the chain's first call of method (the
// first element of a variadic Key(keys...)), or nil.
func (b *Built) Key(method string) ssa.Value {
	for _, s := range b.Steps {
		if Callee(&s.Call).Name() != method {
			continue
		}
		k := FlatArg(&s.Call, 0)
		if elems, ok := Variadic(k); ok {
			if len(elems) == 0 {
				return nil
			}
			return elems[0]
		}
		if k != nil && isSlice(k.Type()) {
			return nil // Key(keys...): not known
		}
		return k
	}
	return nil
}

// Arg returns argument i (receiver excluded, counted as FlatArg counts) of
// the chain's first call of method, or nil.
func (b *Built) Arg(method string, i int) ssa.Value {
	for _, s := range b.Steps {
		if Callee(&s.Call).Name() == method {
			return FlatArg(&s.Call, i)
		}
	}
	return nil
}

func isSlice(t types.Type) bool {
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

// builtCommands returns the commands c sends through its argument cmd.Arg,
// built with cmd.Builder: the argument itself, or each element of a
// variadic argument (DoMulti). A command whose chain is not known is left
// out.
func builtCommands(c *ssa.CallCommon, cmd *model.Command) []*Built {
	var vals []ssa.Value
	a := Args(c)
	if c.Signature().Variadic() && cmd.Arg == len(a)-1 {
		vals, _ = Variadic(a[cmd.Arg])
	} else if v := Arg(c, cmd.Arg); v != nil {
		vals = []ssa.Value{v}
	}
	var out []*Built
	for _, v := range vals {
		if b := BuiltCommand(v, cmd.Builder); b != nil {
			out = append(out, b)
		}
	}
	return out
}

// BuiltChain returns the first command c sends that is cmd, for a command
// built with a builder (model.Command.Builder), or nil.
func BuiltChain(c *ssa.CallCommon, cmd *model.Command) *Built {
	if cmd == nil || cmd.Builder == nil {
		return nil
	}
	for _, b := range builtCommands(c, cmd) {
		if cmd.Matches(b.Name, b.Flags()) {
			return b
		}
	}
	return nil
}

// CommandKey returns the key of the command cmd that c sends, for a
// command built with a builder (the argument of its KeyMethod), or nil.
func CommandKey(c *ssa.CallCommon, cmd *model.Command) ssa.Value {
	if b := BuiltChain(c, cmd); b != nil {
		return b.Key(cmd.Builder.KeyMethod)
	}
	return nil
}

// CommandName returns the name of the command cmd that c sends, in upper
// case ("SET"), or "" when it is not known.
func CommandName(c *ssa.CallCommon, cmd *model.Command) string {
	if cmd == nil {
		return ""
	}
	if cmd.Builder == nil {
		name, _ := ConstString(Arg(c, cmd.Arg))
		return strings.ToUpper(name)
	}
	if b := BuiltChain(c, cmd); b != nil {
		return strings.ToUpper(b.Name)
	}
	return ""
}
