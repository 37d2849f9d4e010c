package fences

import (
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/objlock"
	"github.com/fencecheck/fencecheck/analyzers/internal/textval"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Converging effects (issue 26, mechanism 8). A fencing token exists so
// that a holder paused past its lease cannot overwrite what its successor
// wrote. Some effects, repeated late by a stale holder, leave the resource
// in the state the successor's own run leaves it in: they converge, and
// FC1001 says nothing about them. Three shapes, each by the semantics of
// the store or the protocol, not by names of the application:
//
//   - An HTTP DELETE of a resource named by its URL. RFC 9110 (9.2.2)
//     defines DELETE as idempotent: the intended effect of several
//     identical requests is that of one. The hazard left is a DELETE
//     that races a successor's re-creation of the same resource: a
//     resource re-creatable under the same URL is created by a PUT to it
//     (the client names it); one created by a POST to its collection gets
//     a name the server picks, which a successor cannot re-create. So the
//     delete converges only when the package that sends it sends no PUT
//     request at all (Convergence.sendsPut); a package that does is still
//     judged.
//   - A key set to a constant (go-redis SET processed:<id> 1, model.Sink.Assigns)
//     that the package writes nowhere else (no other value, no delete of
//     the key, nor of a key built the same way): every holder, stale or
//     current, writes the same state. A marker kept only while its work
//     succeeded is judged elsewhere (keyscope's markers); a value a
//     successor may delete and the stale holder re-create is the gap
//     (documented in FC1001.md).
//   - A create of an object whose name is the address of its content: a
//     digest computed in view of the bytes written (sha256.Sum256(data),
//     then PutObject(hex(sum), data)), or a parameter named as a digest
//     (vocab.ContentDigest: hash, digest, checksum) of a function that is
//     also handed the content as bytes or a reader (PutChunk(ctx, hash,
//     data)). Written twice, the object holds the same bytes.
//   - A reaper's state transition on the database's clock
//     (effect.ClockSweep): UPDATE jobs SET state = 'expired' WHERE state =
//     'pending' AND created_at < now() - interval '2 hours', with no
//     parameter. A stale sweeper moves the rows the current one would,
//     and a row moved on meanwhile no longer matches.
//
// Create-if-absent calls of a store (MinIO's MakeBucket, model.KB.AbsentOnly)
// and set-if-absent commands (model.Sink.Coalesces) are no effect at all
// (effect.Coalesces). A SQL or KV delete by key is not taken to converge:
// a successor re-creates rows and keys by the same key (a configuration
// entry upserted, then deleted by a stale holder, is a lost update).
type Convergence struct {
	funcs []*ssa.Function
	puts  int // 0 unknown, 1 no PUT request in the package, 2 some
}

// NewConvergence returns the convergence rule of a package whose
// functions are funcs.
func NewConvergence(funcs []*ssa.Function) *Convergence {
	return &Convergence{funcs: funcs}
}

// Converges reports whether an unfenced effect converges (see
// Convergence): repeated by a stale holder, it leaves what the current
// holder's run leaves.
func (cv *Convergence) Converges(e *effect.Effect) bool {
	if cv == nil || e.Verdict != effect.Missing || e.Call == nil || e.Where != "" && objlock.Of(e.Call) == nil {
		return false
	}
	switch {
	case strings.EqualFold(e.Method, "DELETE"):
		return !cv.sendsPut()
	case contentAddressed(e):
		return true
	case e.Sweep:
		return true // a reaper's transition on the database's clock (effect.ClockSweep)
	}
	return false
}

// sendsPut reports whether a call of the package is given the constant
// method "PUT" (http.MethodPut to NewRequest, or to the package's request
// helper).
func (cv *Convergence) sendsPut() bool {
	if cv.puts != 0 {
		return cv.puts == 2
	}
	cv.puts = 1
	for _, fn := range cv.funcs {
		for ci := range calls.In(fn) {
			for _, a := range calls.Args(ci.Common()) {
				if s, ok := calls.ConstString(a); ok && strings.EqualFold(s, "PUT") {
					cv.puts = 2
					return true
				}
			}
		}
	}
	return false
}

// constantAssign reports whether e sets a key to a constant
// (model.Sink.Assigns) and no other write of the package's knowledge-base
// sink may touch that key.
func (cv *Convergence) constantAssign(e *effect.Effect) bool {
	if e.Key == nil || e.Where != "" || e.Callee == nil || !model.MatchesAny(e.Sink.Assigns, e.Callee) {
		return false
	}
	c := e.Call.Common()
	val, ok := calls.Unwrap(calls.FlatArg(c, e.Sink.Key+1)).(*ssa.Const)
	if !ok || val.Value == nil || val.Value.Kind() == constant.String {
		return false // a marker is a flag (1, true); a constant string is a state (an alias switched to "v2")
	}
	if _, constKey := calls.ConstString(e.Key); constKey {
		return false // one key for all records: a switch, not a per-record marker
	}
	for _, fn := range cv.funcs {
		for ci := range calls.In(fn) {
			if ci == e.Call {
				continue
			}
			callee := calls.Callee(ci.Common())
			if callee == nil || !model.MatchesAny(e.Sink.Funcs, callee) {
				continue
			}
			k := calls.FlatArg(ci.Common(), e.Sink.Key)
			if !mayBeSameKey(e.Key, k) {
				continue
			}
			if model.MatchesAny(e.Sink.Assigns, callee) {
				if v, ok := calls.Unwrap(calls.FlatArg(ci.Common(), e.Sink.Key+1)).(*ssa.Const); ok && v.Value != nil && val.Value != nil && v.Value.ExactString() == val.Value.ExactString() {
					continue // the same constant: the same state
				}
			}
			return false
		}
	}
	return true
}

// mayBeSameKey reports whether two keys may name the same record: the
// same value, keys made by the same function of the package
// (processedKey(id)), keys of the same literal text around their holes,
// or a key that is a parameter (a helper that deletes whatever it is
// given). Keys whose text is not read are told apart: the rule then
// stays silent (docs/checks/FC1001.md, known gaps).
func mayBeSameKey(a, b ssa.Value) bool {
	if a == nil || b == nil {
		return true
	}
	if calls.SameKey(a, b) {
		return true
	}
	ca, oka := calls.Unwrap(a).(*ssa.Call)
	cb, okb := calls.Unwrap(b).(*ssa.Call)
	if oka && okb {
		fa, fb := calls.Callee(&ca.Call), calls.Callee(&cb.Call)
		own := fa != nil && fa.Pkg() != nil && ca.Parent() != nil && ca.Parent().Pkg != nil && ca.Parent().Pkg.Pkg == fa.Pkg()
		if fa != nil && fa == fb && fa.Pkg() != nil && (own || !standardPath(fa.Pkg().Path())) {
			return true // built by the same function of the application
		}
	}
	if _, ok := calls.Root(b).(*ssa.Parameter); ok {
		return true
	}
	ta, ok1 := textval.Of(a, textval.Options{})
	tb, ok2 := textval.Of(b, textval.Options{})
	if !ok1 || !ok2 {
		return false // a key whose text is not read here (a path.Join of a digest) is no evidence of a collision
	}
	return skeleton(ta) == skeleton(tb)
}

// skeleton is a text's literal parts with its holes marked.
func skeleton(t textval.Text) string {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.Hole != nil {
			b.WriteString("\x00")
			continue
		}
		b.WriteString(p.Lit)
	}
	return b.String()
}

func standardPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// maxDigestSteps bounds the backward walk from a key to the digest it is
// built from (formatting, concatenation, conversions).
const maxDigestSteps = 16

// contentAddressed reports whether e creates an object (or sets a key)
// whose name is a digest of its content: computed in view from a value
// the write is also given, or a digest-named parameter of a function that
// is handed the content as bytes or a reader.
func contentAddressed(e *effect.Effect) bool {
	var name ssa.Value
	if op := objlock.Of(e.Call); op != nil {
		if op.Kind != model.ObjectCreate || op.Conditional {
			return false
		}
		name = op.Name
	} else if e.Key != nil && model.MatchesAny(e.Sink.Assigns, e.Callee) {
		name = e.Key
	}
	if name == nil {
		return false
	}
	return digestOf(name, e.Call, 0)
}

// digestOf reports whether key is built from a content digest (see
// contentAddressed).
func digestOf(key ssa.Value, write ssa.CallInstruction, steps int) bool {
	if key == nil || steps > maxDigestSteps {
		return false
	}
	next := func(v ssa.Value) bool { return digestOf(v, write, steps+1) }
	switch x := calls.Unwrap(key).(type) {
	case *ssa.Parameter:
		return digestParam(x)
	case *ssa.BinOp:
		return next(x.X) || next(x.Y)
	case *ssa.Slice:
		return next(x.X)
	case *ssa.UnOp:
		return next(x.X)
	case *ssa.Alloc:
		// sum := sha256.Sum256(data); hex.EncodeToString(sum[:])
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x && next(st.Val) {
				return true
			}
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			if own := ownFunc(call, write); own != nil {
				return throughOwn(call, own, x.Index, write, steps)
			}
			return next(call)
		}
	case *ssa.Call:
		fn := calls.Callee(&x.Call)
		if fn == nil {
			return false
		}
		if own := ownFunc(x, write); own != nil {
			return throughOwn(x, own, 0, write, steps)
		}
		if hashFunc(fn) {
			return hashesWritten(x, write)
		}
		if fn.Pkg() == nil || !standardPath(fn.Pkg().Path()) {
			return false // an application's function may return anything
		}
		return slices.ContainsFunc(calls.Spread(&x.Call), next)
	}
	return false
}

// ownFunc returns the function a call runs when it is a function of the
// writing function's own package with a body (a key-path helper,
// chunkPath(hash)), or nil.
func ownFunc(call *ssa.Call, write ssa.CallInstruction) *ssa.Function {
	fn := call.Call.StaticCallee()
	if fn == nil || len(fn.Blocks) == 0 || fn.Pkg == nil || fn.Pkg != write.Parent().Pkg {
		return nil
	}
	return fn
}

// throughOwn reports whether result res of own, called by call, is built
// from a digest: from a digest computed in own, or from a parameter of
// own whose argument at call is one.
func throughOwn(call *ssa.Call, own *ssa.Function, res int, write ssa.CallInstruction, steps int) bool {
	found := false
	for _, b := range own.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || res >= len(ret.Results) {
			continue
		}
		if c, ok := calls.Unwrap(ret.Results[res]).(*ssa.Const); ok && c.Value != nil && c.Value.ExactString() == `""` {
			continue // the error path's empty result
		}
		par := builtFromParam(ret.Results[res], 0)
		if par == nil {
			return false
		}
		i := -1
		for k, p := range own.Params {
			if p == par {
				i = k
			}
		}
		if i < 0 || i >= len(call.Call.Args) && !call.Call.IsInvoke() {
			return false
		}
		if !digestOf(call.Call.Args[i], write, steps+1) {
			return false
		}
		found = true
	}
	return found
}

// builtFromParam returns the parameter a key-path helper's result is
// built from by the standard library's formatting (path.Join("store",
// hash[:1], hash)), or nil.
func builtFromParam(v ssa.Value, steps int) *ssa.Parameter {
	if steps > maxDigestSteps {
		return nil
	}
	switch x := calls.Unwrap(v).(type) {
	case *ssa.Parameter:
		return x
	case *ssa.BinOp:
		if p := builtFromParam(x.X, steps+1); p != nil {
			return p
		}
		return builtFromParam(x.Y, steps+1)
	case *ssa.Slice:
		return builtFromParam(x.X, steps+1)
	case *ssa.Call:
		fn := calls.Callee(&x.Call)
		if fn == nil || fn.Pkg() == nil || !standardPath(fn.Pkg().Path()) {
			return nil
		}
		var found *ssa.Parameter
		for _, el := range calls.Spread(&x.Call) {
			if p := builtFromParam(el, steps+1); p != nil {
				if found != nil && found != p {
					return nil // built from two parameters
				}
				found = p
			}
		}
		return found
	}
	return nil
}

// hashFunc reports whether fn computes a digest of its input
// (model.KB.Digests: sha256.Sum256, md5.Sum, a hash.Hash's Sum).
func hashFunc(fn *types.Func) bool {
	return model.MatchesAny(model.KB.Digests, fn)
}

// hashesWritten reports whether a digest call hashes a value the write
// is also given: an argument of the write, or the value an argument is
// made from (bytes.NewReader(data)).
func hashesWritten(sum *ssa.Call, write ssa.CallInstruction) bool {
	ins := calls.Args(&sum.Call)
	if r := calls.Receiver(&sum.Call); r != nil {
		ins = append(ins, r) // h.Sum(nil) after h.Write(data): the hasher
	}
	for _, a := range calls.Args(write.Common()) {
		for _, w := range append([]ssa.Value{a}, madeFrom(a)...) {
			for _, in := range ins {
				if sameRoot(in, w) || hasherFed(in, w) {
					return true
				}
			}
		}
	}
	return false
}

// sameRoot reports whether two values are the same variable, boxed,
// converted or sliced.
func sameRoot(a, b ssa.Value) bool {
	return calls.Root(calls.Unwrap(a)) == calls.Root(calls.Unwrap(b))
}

// madeFrom returns the arguments of the call that made v (bytes.NewReader(data)).
func madeFrom(v ssa.Value) []ssa.Value {
	if c, ok := calls.Unwrap(v).(*ssa.Call); ok {
		out := calls.Args(&c.Call)
		if r := calls.Receiver(&c.Call); r != nil {
			out = append(out, r)
		}
		return out
	}
	return nil
}

// hasherFed reports whether h, a hash.Hash, was written w (h.Write(w)).
func hasherFed(h, w ssa.Value) bool {
	refs := calls.Root(h).Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		ci, ok := r.(ssa.CallInstruction)
		if !ok || ci.Common().Method == nil && calls.Callee(ci.Common()) == nil {
			continue
		}
		if fn := calls.Callee(ci.Common()); fn != nil && fn.Name() == "Write" {
			for _, a := range calls.Args(ci.Common()) {
				if sameRoot(a, w) {
					return true
				}
			}
		}
	}
	return false
}

// digestParam reports whether p is named as a content digest and its
// function is also handed content: a []byte or io.Reader parameter.
func digestParam(p *ssa.Parameter) bool {
	if !vocab.ContentDigest.Match(p.Name()) {
		return false
	}
	for _, q := range p.Parent().Params {
		if q != p && contentType(q.Type()) {
			return true
		}
	}
	return false
}

// contentType reports []byte and io.Reader.
func contentType(t types.Type) bool {
	if s, ok := t.Underlying().(*types.Slice); ok {
		b, ok := s.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "io" && n.Obj().Name() == "Reader"
}
