// Package outcome reads what a function does with the outcome of a call
// that can fail (its error, bool or count of rows): hands it on, returns
// it, decides an error with it, or drops it: discards it, or only logs it
// and goes on as before. FC5002 asks it of a lease renewal, whose outcome
// is the only news that the lease was lost. It knows no library beyond
// the knowledge base's loggers and error formatters.
package outcome

import (
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Bookkeeping reports calls that are not work done under a lock: logging,
// formatting and test assertions.
func Bookkeeping(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "testing", "log", "log/slog", "fmt", "errors":
		return true
	}
	return false
}

// Used reports whether a value is used for anything: a DebugRef is not a use.
func Used(v ssa.Value) bool {
	if v == nil || v.Referrers() == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		if _, dbg := r.(*ssa.DebugRef); !dbg {
			return true
		}
	}
	return false
}

// ResultsDropped reports whether nothing reads any result of ci: a go or
// defer statement, a call statement, or `_, _ =`.
func ResultsDropped(ci ssa.CallInstruction) bool {
	call, ok := ci.(*ssa.Call)
	if !ok {
		return true // go / defer: the results are gone
	}
	if call.Call.Signature().Results().Len() <= 1 {
		return !Used(call)
	}
	for _, r := range *call.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && Used(e) {
			return false
		}
		if _, ok := r.(*ssa.Extract); !ok {
			if _, dbg := r.(*ssa.DebugRef); !dbg {
				return false
			}
		}
	}
	return true
}

// ExecOutcome follows the result of an Exec: it returns the rows-affected
// count when it is read, and whether the outcome is handled at all (the
// count compared, returned, stored or passed on, or the result itself
// handed on).
func ExecOutcome(res ssa.Value) (ssa.Value, bool) {
	var n ssa.Value
	handled := false
	for _, u := range Uses(res) {
		c, ok := u.(*ssa.Call)
		if !ok || calls.Receiver(&c.Call) != res {
			if cm, ok := u.(ssa.CallInstruction); ok && calls.Receiver(cm.Common()) == res {
				continue // go/defer of a method of the result
			}
			handled = true // returned, stored, passed on
			continue
		}
		fn := calls.Callee(&c.Call)
		if fn == nil {
			continue
		}
		switch fn.Name() {
		case "RowsAffected":
			if v := calls.Result(c, 0); v != nil && !LogOnly(v, 0) {
				n, handled = v, true
			}
		case "String":
			if v := calls.Result(c, 0); v != nil && !LogOnly(v, 0) {
				handled = true
			}
		}
	}
	return n, handled
}

// ScanOf returns the Scan call on a row returned by QueryRow.
func ScanOf(row *ssa.Call) *ssa.Call {
	for _, u := range Uses(row) {
		if c, ok := u.(*ssa.Call); ok && calls.Receiver(&c.Call) == row {
			if fn := calls.Callee(&c.Call); fn != nil && fn.Name() == "Scan" {
				return c
			}
		}
	}
	return nil
}

// Uses returns the referrers of v that use it, looking through
// conversions that keep its identity.
func Uses(v ssa.Value) []ssa.Instruction {
	var out []ssa.Instruction
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || v.Referrers() == nil || depth > 4 {
			return
		}
		for _, u := range *v.Referrers() {
			switch x := u.(type) {
			case *ssa.DebugRef:
			case *ssa.MakeInterface, *ssa.ChangeType, *ssa.ChangeInterface:
				walk(x.(ssa.Value), depth+1)
			default:
				out = append(out, u)
			}
		}
	}
	walk(v, 0)
	return out
}

// ErrIndex is the index of fn's error result, or -1.
func ErrIndex(fn *ssa.Function) int {
	res := fn.Signature.Results()
	if res.Len() > 0 && isError(res.At(res.Len()-1).Type()) {
		return res.Len() - 1
	}
	return -1
}

// Returned returns the index of the result of fn that returns v, or -1.
func Returned(fn *ssa.Function, v ssa.Value) int {
	for _, u := range Uses(v) {
		if ret, ok := u.(*ssa.Return); ok {
			for i, x := range ret.Results {
				if calls.Unwrap(x) == v || x == v {
					return i
				}
			}
		}
	}
	return -1
}

// ReturnsErr reports whether the outcome v of a renewal decides an error
// that fn returns: v is an error returned (as it is or wrapped), or a
// comparison of v (err != nil, errors.Is(err, ErrNoRows), n == 0) leads to
// a return of a non-nil error.
func ReturnsErr(fn *ssa.Function, v ssa.Value) bool {
	if ErrIndex(fn) < 0 {
		return false
	}
	return returnsErrFrom(fn, v, 0)
}

func returnsErrFrom(fn *ssa.Function, v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	for _, u := range Uses(v) {
		switch x := u.(type) {
		case *ssa.Return:
			if i := ErrIndex(fn); i >= 0 && i < len(x.Results) && (x.Results[i] == v || calls.Unwrap(x.Results[i]) == v) {
				return true
			}
		case *ssa.BinOp:
			for _, b := range branches(x) {
				if regionReturnsErr(fn, b) {
					return true
				}
			}
		case *ssa.UnOp:
			if x.Op == token.NOT && returnsErrFrom(fn, x, depth+1) {
				return true
			}
		case *ssa.Call:
			callee := calls.Callee(&x.Call)
			switch {
			case callee == nil:
			case model.MatchesAny(model.KB.ErrorFormatters, callee), callee.Pkg() != nil && callee.Pkg().Path() == "errors":
				// fmt.Errorf("...: %w", err), errors.Is(err, sql.ErrNoRows)
				if returnsErrFrom(fn, x, depth+1) {
					return true
				}
			}
		case *ssa.Store:
			// err stored into a variable the function returns: a named
			// result, or a local read back later.
			if alloc, ok := x.Addr.(*ssa.Alloc); ok && x.Val == v {
				for _, r2 := range *alloc.Referrers() {
					if ld, ok := r2.(*ssa.UnOp); ok && ld.Op == token.MUL && returnsErrFrom(fn, ld, depth+1) {
						return true
					}
				}
			}
		}
	}
	return false
}

// branches returns the successors of the ifs a comparison decides.
func branches(cmp ssa.Value) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, u := range Uses(cmp) {
		if iff, ok := u.(*ssa.If); ok {
			out = append(out, iff.Block().Succs...)
		}
	}
	return out
}

// region returns the blocks only reachable through b: those b dominates,
// when b's only predecessor is the branch that leads to it.
func region(b *ssa.BasicBlock) []*ssa.BasicBlock {
	if len(b.Preds) != 1 {
		return nil
	}
	var out []*ssa.BasicBlock
	for _, x := range b.Parent().Blocks {
		if b.Dominates(x) {
			out = append(out, x)
		}
	}
	return out
}

// regionReturnsErr reports whether the region of b returns a non-nil
// error.
func regionReturnsErr(fn *ssa.Function, b *ssa.BasicBlock) bool {
	i := ErrIndex(fn)
	for _, x := range region(b) {
		if len(x.Instrs) == 0 {
			continue
		}
		ret, ok := x.Instrs[len(x.Instrs)-1].(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		if c, isConst := ret.Results[i].(*ssa.Const); !isConst || !c.IsNil() {
			return true
		}
	}
	return false
}

// ErrorDropped says how the error err of a renewal call ci is dropped ("is
// discarded", "is only logged and the loop goes on"), or "" when something
// handles it: a use other than a nil comparison and logging, or an error
// branch that does more than log (returns, breaks out, cancels, sends,
// stores a flag) or leaves the loop.
func ErrorDropped(err ssa.Value, ci ssa.CallInstruction) string {
	if err == nil || !Used(err) {
		return "is discarded"
	}
	var ifs []*ssa.If
	for _, u := range Uses(err) {
		switch x := u.(type) {
		case *ssa.BinOp:
			if (x.Op != token.EQL && x.Op != token.NEQ) || !(isNil(x.X) || isNil(x.Y)) {
				return ""
			}
			for _, u2 := range Uses(x) {
				iff, ok := u2.(*ssa.If)
				if !ok {
					return "" // err != nil kept as a value
				}
				ifs = append(ifs, iff)
			}
		default:
			if !logUse(u, err, 0) {
				return ""
			}
		}
	}
	for _, iff := range ifs {
		cmp := iff.Cond.(*ssa.BinOp)
		bad, good := iff.Block().Succs[0], iff.Block().Succs[1]
		if cmp.Op == token.EQL {
			bad, good = good, bad
		}
		if !onlyLogsAndGoesOn(bad, good, ci) {
			return ""
		}
	}
	if len(ifs) == 0 {
		return "is only logged"
	}
	return "is only logged and the code goes on as if the lease were renewed"
}

// onlyLogsAndGoesOn reports whether the error branch bad only logs and
// then rejoins what the success branch good does (falls through to the same
// code, or goes back to the top of the loop that renews).
func onlyLogsAndGoesOn(bad, good *ssa.BasicBlock, ci ssa.CallInstruction) bool {
	region := withoutShutdown(region(bad))
	exits := []*ssa.BasicBlock{bad}
	if region != nil {
		exits = nil
		for _, b := range region {
			ended, _ := ContextEnded(b)
			for _, instr := range b.Instrs {
				if !loggingInstr(instr) && !(ended != nil && contextTest(instr)) {
					return false
				}
			}
			for _, s := range b.Succs {
				if s == ended {
					continue // the shutdown branch (withoutShutdown)
				}
				if !slices.Contains(region, s) && !slices.Contains(exits, s) {
					exits = append(exits, s)
				}
			}
		}
	}
	if len(exits) == 0 {
		return false // the branch returns or panics
	}
	for _, e := range exits {
		if !LoopHeaderOf(e, ci.Block()) && !ForwardReaches(good, e) {
			return false // it leaves the loop, or goes somewhere the success path does not
		}
	}
	return true
}

// withoutShutdown leaves out of an error branch's region what runs only
// once the code's own context has ended (`if ctx.Err() != nil { return }`
// inside the branch): stopping because the caller stopped is no answer to
// the renewal's failure. The If that tests the context stays, with its
// other successor.
func withoutShutdown(region []*ssa.BasicBlock) []*ssa.BasicBlock {
	var drop []*ssa.BasicBlock
	for _, b := range region {
		if ended, ok := ContextEnded(b); ok && len(ended.Preds) == 1 {
			for _, x := range region {
				if ended.Dominates(x) {
					drop = append(drop, x)
				}
			}
		}
	}
	if len(drop) == 0 {
		return region
	}
	var out []*ssa.BasicBlock
	for _, b := range region {
		if !slices.Contains(drop, b) {
			out = append(out, b)
		}
	}
	return out
}

// contextTest reports the instructions of a test of ctx.Err(): the call,
// its comparison with nil, the branch.
func contextTest(instr ssa.Instruction) bool {
	switch x := instr.(type) {
	case *ssa.If:
		return true
	case *ssa.BinOp:
		return x.Op == token.EQL || x.Op == token.NEQ
	case *ssa.Call:
		return x.Call.IsInvoke() && x.Call.Method.Name() == "Err" && calls.IsContext(x.Call.Value.Type())
	}
	return false
}

// ContextEnded returns the successor of b taken when a context has ended,
// when b ends in a branch on ctx.Err() compared with nil.
func ContextEnded(b *ssa.BasicBlock) (*ssa.BasicBlock, bool) {
	if len(b.Instrs) == 0 {
		return nil, false
	}
	iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, false
	}
	cmp, ok := iff.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return nil, false
	}
	other := cmp.X
	if !isNil(cmp.Y) {
		if !isNil(cmp.X) {
			return nil, false
		}
		other = cmp.Y
	}
	call, ok := other.(*ssa.Call)
	if !ok || !call.Call.IsInvoke() || call.Call.Method.Name() != "Err" || !calls.IsContext(call.Call.Value.Type()) {
		return nil, false
	}
	if cmp.Op == token.NEQ {
		return b.Succs[0], true
	}
	return b.Succs[1], true
}

// loggingInstr reports whether an instruction of an error branch is
// harmless: logging, formatting, reading values, control flow within the
// branch.
func loggingInstr(instr ssa.Instruction) bool {
	switch x := instr.(type) {
	case *ssa.Return, *ssa.Panic, *ssa.Send, *ssa.Go, *ssa.Defer, *ssa.Select, *ssa.MapUpdate:
		return false
	case *ssa.Store:
		switch a := x.Addr.(type) {
		case *ssa.Alloc:
			return true
		case *ssa.IndexAddr:
			_, local := a.X.(*ssa.Alloc)
			return local // the arguments of a variadic call
		}
		return false // a field, a global: a flag that something went wrong
	case *ssa.Call:
		if _, builtin := x.Call.Value.(*ssa.Builtin); builtin {
			return true
		}
		callee := calls.Callee(&x.Call)
		return callee != nil && (LogCallee(callee) || model.MatchesAny(model.KB.ErrorFormatters, callee) || Bookkeeping(callee) ||
			callee.Name() == "Error" && x.Call.IsInvoke() && callee.Pkg() == nil || GetsLogger(x.Call.Signature()) ||
			x.Call.Signature().Results().Len() == 0 && loggingWrapper(x.Call.StaticCallee()))
	}
	return true
}

// GetsLogger reports whether a call only returns a logger
// (logctx.FromContext(ctx), log.With(...)).
func GetsLogger(sig *types.Signature) bool {
	res := sig.Results()
	if res.Len() != 1 {
		return false
	}
	t := res.At(0).Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	if slices.Contains(model.KB.Loggers.Packages, n.Obj().Pkg().Path()) {
		return true
	}
	return slices.ContainsFunc(vocab.Words(n.Obj().Name()), func(w string) bool { return strings.HasPrefix(w, "log") })
}

// LoopHeaderOf reports whether e is the header of a loop that contains b
// (a continue, or the end of the loop body).
func LoopHeaderOf(e, b *ssa.BasicBlock) bool {
	if !e.Dominates(b) {
		return false
	}
	for _, p := range e.Preds {
		if e.Dominates(p) {
			return true
		}
	}
	return false
}

// ForwardReaches reports whether from reaches to without going round a
// loop (through forward edges only).
func ForwardReaches(from, to *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	queue := []*ssa.BasicBlock{from}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if b == to {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		for _, s := range b.Succs {
			if !s.Dominates(b) {
				queue = append(queue, s)
			}
		}
	}
	return false
}

// LogOnly reports whether v is used for nothing but logging (or not at
// all).
func LogOnly(v ssa.Value, depth int) bool {
	for _, u := range Uses(v) {
		if !logUse(u, v, depth) {
			return false
		}
	}
	return true
}

// logUse reports whether the use u of v logs it: an argument of a logger,
// an argument of a formatter whose result is only logged, a variadic
// argument slice handed to a logger, err.Error() only logged.
func logUse(u ssa.Instruction, v ssa.Value, depth int) bool {
	if depth > 5 {
		return false
	}
	switch x := u.(type) {
	case *ssa.Call:
		callee := calls.Callee(&x.Call)
		if callee == nil {
			return false
		}
		if callee.Name() == "Error" && x.Call.IsInvoke() && callee.Pkg() == nil {
			return LogOnly(x, depth+1) // err.Error()
		}
		if LogCallee(callee) || model.MatchesAny(model.KB.ErrorFormatters, callee) {
			if x.Call.Signature().Results().Len() == 0 {
				return true
			}
			return LogOnly(x, depth+1) // slog.Any("error", err), fmt.Sprintf(...), zerolog's Err(err)
		}
		return x.Call.Signature().Results().Len() == 0 && loggingWrapper(x.Call.StaticCallee())
	case *ssa.Store:
		ia, ok := x.Addr.(*ssa.IndexAddr)
		if !ok {
			return false
		}
		alloc, ok := ia.X.(*ssa.Alloc)
		if !ok {
			return false
		}
		for _, r := range *alloc.Referrers() {
			switch y := r.(type) {
			case *ssa.IndexAddr, *ssa.DebugRef:
			case *ssa.Slice:
				if !LogOnly(y, depth+1) {
					return false
				}
			default:
				return false
			}
		}
		return true
	case *ssa.Slice:
		return LogOnly(x, depth+1)
	}
	return false
}

// loggingWrapper reports whether fn is a function of the program that only
// logs (func (r *Runner) logf(format string, args ...any) { if r.logger !=
// nil { r.logger.Printf(format, args...) } }): every call it makes is a
// logger's or a formatter's, and there is one; it stores nothing but its
// own locals and sends nothing (a wrapper that also keeps the error in a
// field passes it on).
func loggingWrapper(fn *ssa.Function) bool {
	if fn == nil || len(fn.Blocks) == 0 || fn.Pkg == nil {
		return false
	}
	logs := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Return:
				if len(x.Results) > 0 {
					return false
				}
			case ssa.CallInstruction:
				callee := calls.Callee(x.Common())
				if _, ok := x.(*ssa.Call); !ok || callee == nil || !LogCallee(callee) && !model.MatchesAny(model.KB.ErrorFormatters, callee) {
					return false
				}
				logs = logs || LogCallee(callee)
			default:
				if !loggingInstr(instr) {
					return false
				}
			}
		}
	}
	return logs
}

// LogCallee reports whether fn logs: a function or method of a logging
// library, or a logger method (model.KB.Loggers.Methods) of a type or package named
// like a logger.
func LogCallee(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	path := fn.Pkg().Path()
	if slices.Contains(model.KB.Loggers.Packages, path) {
		return true
	}
	if !slices.Contains(model.KB.Loggers.Methods, fn.Name()) {
		return false
	}
	recv := model.RecvName(fn)
	for _, w := range append(vocab.Words(recv), vocab.Words(filepath.Base(path))...) {
		if strings.HasPrefix(w, "log") {
			return true
		}
	}
	return false
}

// isError reports whether t is the error type.
func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// Swallows reports whether the branch entered at b, taken when the error
// of ci says that the lease was lost, hides it from fn's caller: the
// branch only logs (as an error branch that goes on does) and then goes
// back to the top of a loop around ci, or returns fn's only result, an
// error, as nil. A branch that returns anything else (a bool that may say
// "lost"), sets a flag, sends, cancels or leaves the loop does not.
func Swallows(fn *ssa.Function, b *ssa.BasicBlock, ci ssa.CallInstruction) bool {
	if LoopHeaderOf(b, ci.Block()) {
		return true // a bare continue: SSA jumps straight back
	}
	reg := region(b)
	if reg == nil {
		return false
	}
	res := fn.Signature.Results()
	for _, x := range reg {
		for _, instr := range x.Instrs {
			if ret, ok := instr.(*ssa.Return); ok {
				if res.Len() != 1 || !isError(res.At(0).Type()) || !isNil(ret.Results[0]) {
					return false
				}
				continue
			}
			if !loggingInstr(instr) {
				return false
			}
		}
		for _, s := range x.Succs {
			if !slices.Contains(reg, s) && !LoopHeaderOf(s, ci.Block()) {
				return false
			}
		}
	}
	return true
}
