// Package valuename reads what the source name of an SSA value says it is:
// a lock's key, or a holder's identity. FC5001 and FC5002 use it where
// nothing but the name tells a lock's key from a cache's, or an owner
// compared in Go from any other value; the words are vocab's.
package valuename

import (
	"go/token"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// LockKey reports whether a key's name says it is a lock: a constant
// (prefix), a field, a package variable or a parameter named like one.
func LockKey(key ssa.Value) bool {
	if _, hint := calls.KeyID(key); hint != "" {
		return vocab.LockKey.Match(hint)
	}
	if p, ok := calls.ConstPrefix(calls.Resolve(key)); ok {
		return vocab.LockKey.Match(p)
	}
	return vocab.LockKey.Match(Of(key))
}

// Owner reports whether a value is named like a holder's identity.
func Owner(v ssa.Value) bool {
	orig := Of(v)
	name := strings.ToLower(orig)
	switch {
	case name == "":
		return false
	case name == "id" || name == "me" || strings.HasSuffix(orig, "ID") || strings.HasSuffix(orig, "Id") || strings.HasSuffix(name, "_id"):
		return true
	}
	return vocab.OwnerValue.Match(name)
}

// Of returns the source name of a value: a parameter, a captured
// or local variable, a field, a package variable, or the function that
// computed it.
func Of(v ssa.Value) string {
	switch x := calls.Unwrap(v).(type) {
	case *ssa.Parameter:
		return x.Name()
	case *ssa.FreeVar:
		return x.Name()
	case *ssa.Global:
		return x.Name()
	case *ssa.Alloc:
		return x.Comment
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return ""
		}
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			if _, name := calls.FieldID(fa.X.Type(), fa.Field); name != "" {
				return name[strings.LastIndexByte(name, '.')+1:]
			}
		}
		return Of(x.X)
	case *ssa.Field:
		if _, name := calls.FieldID(x.X.Type(), x.Field); name != "" {
			return name[strings.LastIndexByte(name, '.')+1:]
		}
	case *ssa.Call:
		if fn := calls.Callee(&x.Call); fn != nil {
			return fn.Name()
		}
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return Of(c)
		}
	}
	return ""
}
