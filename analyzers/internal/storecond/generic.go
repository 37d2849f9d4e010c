package storecond

import (
	"go/build"
	"go/types"
	"path/filepath"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/valuename"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// KeyVerb is what a call of a key-addressed store client does to the
// record its key names.
type KeyVerb int

const (
	KeyRead KeyVerb = iota + 1
	KeyWrite
	KeyDelete
)

// KeyCall is a call of a store client the knowledge base does not know:
// an application's own KV, blob or HTTP client (Get(ctx, key),
// Post(token, path, body, &out, &errOut), Delete(token, path, ...)). What
// it does is read from its method's first word (vocab.StoreRead,
// StoreWrite, StoreDelete); the record it names is one of its string
// arguments (Keys), the caller decides which.
type KeyCall struct {
	Call ssa.CallInstruction
	Verb KeyVerb
	Keys []ssa.Value
	// Conditional: the call may be applied by the store only under a
	// condition: its name says so (DeleteIfMatch, PutIfAbsent), or it
	// passes a value that may be one (a version, an owner, an expected
	// value, options, a request built elsewhere). Unknown counts as
	// conditional, to stay silent when unsure.
	Conditional bool
}

// Generic reads ci as a KeyCall, or returns nil: a method (of a type or an
// interface) outside the standard library and the knowledge base's
// libraries (those are read by their model), returning an error last (a
// request that can fail, not an in-process map), named with a store verb.
func Generic(ci ssa.CallInstruction) *KeyCall {
	c := ci.Common()
	fn := calls.Callee(c)
	if fn == nil || fn.Pkg() == nil || calls.Receiver(c) == nil {
		return nil
	}
	path := fn.Pkg().Path()
	if standard(ci, fn) || model.KB.IsLibraryPackage(path) || model.KB.ObjectPackages[path] || model.KB.RecordPackages[path] {
		return nil // the standard library, or a library the model reads
	}
	sig := c.Signature()
	if r := sig.Results(); r.Len() == 0 || !isError(r.At(r.Len()-1).Type()) {
		return nil
	}
	ws := vocab.Words(fn.Name())
	if len(ws) == 0 {
		return nil
	}
	kc := &KeyCall{Call: ci}
	switch {
	case vocab.StoreRead.MatchWord(ws[0]):
		kc.Verb = KeyRead
	case vocab.StoreWrite.MatchWord(ws[0]):
		kc.Verb = KeyWrite
	case vocab.StoreDelete.MatchWord(ws[0]):
		kc.Verb = KeyDelete
	default:
		return nil
	}
	for _, w := range ws[1:] {
		if vocab.StoreCond.MatchWord(w) {
			kc.Conditional = true
		}
	}
	args := calls.Args(c)
	for i, a := range args {
		if sig.Variadic() && i == len(args)-1 {
			if elems, ok := calls.Variadic(a); !ok || len(elems) > 0 {
				if _, isStr := a.Type().Underlying().(*types.Slice).Elem().Underlying().(*types.Basic); !isStr || !ok {
					kc.Conditional = true // options (LastRevision(rev), an If-Match header)
				}
				kc.Keys = append(kc.Keys, elems...)
			}
			continue
		}
		switch {
		case calls.IsContext(a.Type()):
		case isString(a.Type()):
			if conditionName(a) {
				kc.Conditional = true
			} else {
				kc.Keys = append(kc.Keys, a)
			}
		case kc.Verb == KeyRead:
		case kc.Verb == KeyWrite:
			// the body, a TTL, where the response goes: unless one
			// carries a condition
			kc.Conditional = kc.Conditional || conditionName(a) || conditionFields(a)
		case !output(a):
			kc.Conditional = true
		}
	}
	return kc
}

// output reports whether v is where a call writes its result: a pointer
// to a fresh variable (&resp, new(T)), also as an interface, or nil.
func output(v ssa.Value) bool {
	v = calls.Unwrap(v)
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return true
	}
	a, ok := v.(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, r := range *a.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr == ssa.Value(a) {
				return false // a value stored into it: an input
			}
		case *ssa.FieldAddr, *ssa.IndexAddr:
			for _, rr := range *x.(ssa.Value).Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == x.(ssa.Value) {
					return false // a field set in its literal
				}
			}
		}
	}
	return true
}

// conditionName reports whether a value's name says it is a condition on
// the stored record: a version, a revision, an expected value, an owner.
func conditionName(v ssa.Value) bool {
	n := valuename.Of(v)
	return n != "" && (vocab.Version.Match(n) || vocab.StoreCond.Match(n) || vocab.ReleaseOwner.Match(strings.ToLower(n)) && !vocab.Token.Match(n))
}

// conditionFields reports whether a body's type has a field, at most two
// structs deep, named like a condition (a "cas" option, a version): a
// check-and-set option set to its zero value (cas = 0: create only if
// absent) leaves no trace in the code but the type.
func conditionFields(v ssa.Value) bool {
	return condType(calls.Unwrap(v).Type(), 0)
}

func condType(t types.Type, depth int) bool {
	if depth > 2 {
		return false
	}
	st, ok := calls.StructOf(t)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if vocab.Version.Match(f.Name()) || vocab.StoreCond.Match(f.Name()) || condType(f.Type(), depth+1) {
			return true
		}
	}
	return false
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isError(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }

// KeyRoot looks through a helper of the program that turns a key into a
// path or a record name (s.dataPath(key), lockPath(name)): its one string
// argument.
func KeyRoot(v ssa.Value) ssa.Value {
	c, ok := calls.Unwrap(v).(*ssa.Call)
	if !ok {
		return v
	}
	fn := c.Call.StaticCallee()
	if fn == nil || fn.Blocks == nil {
		return v
	}
	var str ssa.Value
	for _, a := range calls.Args(&c.Call) {
		if b, ok := a.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			if str != nil {
				return v
			}
			str = a
		}
	}
	if str == nil {
		return v
	}
	return str
}

// SameKey reports whether two keys of KeyCalls name one record: built
// the same way (calls.KeyShape) once a path helper is looked through.
func SameKey(a, b ssa.Value) bool {
	s := calls.KeyShape(KeyRoot(a), true)
	return s != "" && s == calls.KeyShape(KeyRoot(b), true)
}

// standard reports whether fn is the standard library's: declared under
// GOROOT (or a toolchain's in the module cache), or, where its position is unknown, in a package whose path's
// first element has no dot.
func standard(ci ssa.CallInstruction, fn *types.Func) bool {
	if ci.Parent() != nil && fn.Pos().IsValid() {
		if f := ci.Parent().Prog.Fset.Position(fn.Pos()).Filename; f != "" {
			f = filepath.ToSlash(f)
			return strings.HasPrefix(f, goroot) || strings.Contains(f, "/golang.org/toolchain@") // a toolchain GOTOOLCHAIN fetched
		}
	}
	return !strings.Contains(strings.SplitN(fn.Pkg().Path(), "/", 2)[0], ".")
}

// goroot is GOROOT's source tree, as file names show it.
var goroot = filepath.ToSlash(filepath.Join(build.Default.GOROOT, "src")) + "/"
