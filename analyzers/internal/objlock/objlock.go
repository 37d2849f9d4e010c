// Package objlock reads an object store's calls (S3, GCS, MinIO: the
// knowledge base's Store.Objects) on a lock kept as an object: which
// object a call reads, creates, deletes or puts on hold, whether the store
// applies it only under a precondition, and whether the object is a
// lock's. The checks decide (claims: FC2001, lifecycle: FC5001).
package objlock

import (
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"github.com/fencecheck/fencecheck/analyzers/internal/valuename"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Op is one call on an object.
type Op struct {
	Call  ssa.CallInstruction
	Kind  model.ObjectOp
	Store *model.Store
	// Name is the object's name, nil when it is not known here (a request
	// or handle built elsewhere).
	Name ssa.Value
	// Handle is the handle the call is made on (GCS), nil otherwise.
	Handle ssa.Value
	// Conditional: the store applies the call only under a precondition,
	// or the request was built elsewhere (unknown counts as conditional,
	// to stay silent when unsure).
	Conditional bool
	// Hold is, for an update, +1 when it puts a hold on the object, -1
	// when it clears one, 0 when it changes no hold (or not knowably).
	Hold int
}

// Claims reports whether the op writes the object as its holder: a
// create, or an update that puts a hold on it.
func (o *Op) Claims() bool {
	return o.Kind == model.ObjectCreate || o.Kind == model.ObjectUpdate && o.Hold > 0
}

// Releases reports whether the op removes the object's hold or the object.
func (o *Op) Releases() bool {
	return o.Kind == model.ObjectDelete || o.Kind == model.ObjectUpdate && o.Hold < 0
}

// maxHandle bounds the handle calls followed back from a GCS call to the
// Object(name) that made the handle (If and Generation in between).
const maxHandle = 4

// Of classifies ci, or returns nil when it is no object store call.
func Of(ci ssa.CallInstruction) *Op {
	c := ci.Common()
	call, st := model.KB.ObjectCall(calls.Callee(c))
	if call == nil {
		return nil
	}
	objs := st.Objects
	op := &Op{Call: ci, Kind: call.Op, Store: st}
	conds := objs.CreateConds
	if call.Op == model.ObjectDelete || call.Op == model.ObjectUpdate {
		conds = objs.DeleteConds
	}
	switch {
	case call.Input >= 0:
		fields := calls.StructFields(calls.Arg(c, call.Input))
		if fields == nil {
			op.Conditional = true // a request built elsewhere
			return op
		}
		op.Name = pointee(fields[objs.InputKey])
		for _, f := range conds {
			if fields[f] != nil {
				op.Conditional = true
			}
		}
	case call.Name >= 0:
		op.Name = calls.Arg(c, call.Name)
	default:
		op.Handle = calls.Receiver(c)
		op.Name, op.Conditional = handleName(op.Handle)
	}
	if call.Options >= 0 {
		opts := calls.Arg(c, call.Options)
		if call.Op == model.ObjectUpdate {
			op.Hold = hold(opts, objs.HoldFields)
		} else if optionsConditional(opts, conds) {
			op.Conditional = true
		}
	}
	return op
}

// handleName follows a handle back to the call that named its object
// (BucketHandle.Object(name)), through the calls that add a precondition.
func handleName(h ssa.Value) (name ssa.Value, cond bool) {
	for range maxHandle {
		c, ok := calls.Unwrap(h).(*ssa.Call)
		if !ok {
			return nil, cond
		}
		isHandle, isCond := model.KB.ObjectHandle(calls.Callee(&c.Call))
		switch {
		case !isHandle:
			return nil, cond
		case isCond:
			cond = true
			h = calls.Receiver(&c.Call)
		default:
			return calls.Arg(&c.Call, 0), cond
		}
	}
	return nil, cond
}

// hold reads an update's attributes: +1 when a hold field is set to true,
// -1 when one is set to false, 0 otherwise.
func hold(attrs ssa.Value, fields []string) int {
	set := calls.StructFields(attrs)
	for _, f := range fields {
		v := set[f]
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool {
			if constant.BoolVal(c.Value) {
				return 1
			}
			return -1
		}
	}
	return 0
}

// optionsConditional reports whether an options value carries a
// precondition: a condition field set in its literal, or a setter of one
// called on it (MinIO SetMatchETagExcept). An options value that is not a
// literal of this function counts as conditional; a zero value does not.
func optionsConditional(opts ssa.Value, fields []string) bool {
	v := calls.Unwrap(opts)
	if c, ok := v.(*ssa.Const); ok && c.IsNil() || ok && c.Value == nil {
		return false // the zero value
	}
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return true
	}
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok {
		return true
	}
	if storecond.SetsField(alloc, fields...) {
		return true
	}
	for _, r := range *alloc.Referrers() {
		if ci, ok := r.(ssa.CallInstruction); ok && calls.Receiver(ci.Common()) == ssa.Value(alloc) && model.KB.ObjectOptionCond(calls.Callee(ci.Common())) {
			return true
		}
	}
	return false
}

// pointee looks through a helper that returns a pointer to its one string
// argument (aws.String, a generic ptr helper).
func pointee(v ssa.Value) ssa.Value {
	c, ok := calls.Unwrap(v).(*ssa.Call)
	if !ok || len(calls.Args(&c.Call)) != 1 {
		return v
	}
	p, ok := c.Type().(*types.Pointer)
	if !ok || !isString(p.Elem()) || !isString(calls.Arg(&c.Call, 0).Type()) {
		return v
	}
	return calls.Arg(&c.Call, 0)
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// maxName bounds how deep an object's name is followed into the functions
// of the program that compute it (objLockName(key) returning key+".lock").
const maxName = 2

// LockObject reports whether an object's name says it is a lock's: a lock
// file's name or suffix (vocab.LockFile: "app.lock", lockPath), a constant
// part or a variable, field or function named with a lock word
// (vocab.LockName: "locks/", lockKey, objLockName), or a name computed by
// a function of the program that returns such a name.
func LockObject(name ssa.Value) bool {
	return lockObject(name, 0)
}

func lockObject(v ssa.Value, depth int) bool {
	if v == nil || depth > maxName {
		return false
	}
	if leaserec.LockPath(v) {
		return true
	}
	if p, ok := calls.ConstPrefix(calls.Resolve(v)); ok && vocab.LockName.Match(p) {
		return true
	}
	if n := valuename.Of(v); n != "" && vocab.LockName.Match(n) {
		return true
	}
	if b, ok := calls.Unwrap(v).(*ssa.BinOp); ok && b.Op == token.ADD {
		// key + ".lock": LockFile needs a name before the suffix.
		if s, ok := calls.ConstString(b.Y); ok && (strings.HasSuffix(s, ".lock") || strings.HasSuffix(s, ".lck")) {
			return true
		}
		return lockObject(b.X, depth+1) || lockObject(b.Y, depth+1)
	}
	c, ok := calls.Unwrap(v).(*ssa.Call)
	if !ok {
		return false
	}
	if fn := c.Call.StaticCallee(); fn != nil && fn.Blocks != nil {
		for _, b := range fn.Blocks {
			if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) == 1 && lockObject(r.Results[0], depth+1) {
				return true
			}
		}
	}
	return false
}

// SameObject reports whether two names are the same object's: the same
// value, or the same constant, field or variable, or computed the same
// way (one function of the program: objLockName(key)).
func SameObject(a, b ssa.Value) bool {
	if a == nil || b == nil {
		return false
	}
	if leaserec.SamePath(a, b) {
		return true
	}
	ia, ib := id(a), id(b)
	return ia != "" && ia == ib
}

// id names how an object's name is computed, across functions: the
// function that computes it, or its shape.
func id(v ssa.Value) string {
	v = calls.Unwrap(calls.Resolve(v))
	if c, ok := v.(*ssa.Call); ok {
		if fn := c.Call.StaticCallee(); fn != nil && fn.Blocks != nil {
			return "call:" + fn.String()
		}
	}
	return calls.KeyShape(v, true) // a parameter by its position: key+".lock" in Lock and in Unlock
}

// Describe renders an object's name for messages: its constant text, the
// variable, field or function that holds or computes it, or its constant
// suffix.
func Describe(name ssa.Value) string {
	if s, ok := calls.ConstString(name); ok {
		return strconv.Quote(s)
	}
	if _, ok := calls.Unwrap(name).(*ssa.Call); ok {
		if n := valuename.Of(name); n != "" {
			return n + "(...)"
		}
	}
	if n := valuename.Of(name); n != "" {
		return n
	}
	if b, ok := calls.Unwrap(name).(*ssa.BinOp); ok && b.Op == token.ADD {
		if s, ok := calls.ConstString(b.Y); ok {
			return "... + " + strconv.Quote(s)
		}
	}
	return "(computed)"
}
