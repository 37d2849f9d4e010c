package lifecycle

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/lossreach"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/outcome"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlrenewal"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/valuename"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// FC5002 for hand-rolled leases: the renewal of a lease row or a lock key
// whose outcome says whether the lease is still held, and code that drops
// that outcome.
//
//   - SQL: an UPDATE that moves a lease's expiry or heartbeat column forward
//     WHERE the row still names this holder (model/leaserenewal.go). When
//     another holder has taken the row it matches nothing: the rows
//     affected (0) or the row RETURNING should give back (ErrNoRows) is the
//     loss signal.
//   - Redis: EXPIRE/PEXPIRE of a lock key, whose bool is false when the key
//     is gone.
//
// The signal is dropped when the rows affected are never looked at (and the
// result is not handed on), when the bool is discarded, or when the error
// of a renewal (or of a function that returns it, found through facts and
// interface dispatch) is only logged while the code goes on as before.
// A function whose error or bool reports the loss exports a RenewalFact, so
// that its callers in other packages are checked too; generated code
// (sqlc's :exec) that drops the signal itself exports one as well, and
// every hand-written call of it is reported instead of the generated line.

// RenewalFact says that calling a function renews a hand-rolled lease, and
// how the caller learns that the lease was lost.
type RenewalFact struct {
	Signal   int    // renewalErr, renewalBool, renewalCount or renewalLost
	Result   int    // the result that carries the signal (renewalErr, renewalBool, renewalCount)
	KeyParam int    // Redis: the parameter (receiver excluded) that names the key; -1
	What     string // the renewal, for messages: "UPDATE work_queue SET heartbeated_at ... claimed_by = $2"
	Where    string // "work_queue.sql.go:238"
	// Session is set when the renewal is a lock library's session
	// renewal (Consul Session.RenewPeriodic) whose error a wrapper hands
	// on: its error says that the session, and every lock held through
	// it, is gone.
	Session bool
	// Unconditional is set when the renewal matches its record whoever
	// holds it (a document store's update of a heartbeat field in a
	// function named as a renewal): its error says only that the renewal
	// could not be written, after which the lease runs out.
	Unconditional bool
	// Owned is set when the renewal compares the key's value with the
	// holder's token before it moves the expiry (a compare-and-expire
	// script): its bool (Result) is false when the lock is no longer this
	// holder's. ErrResult is then the index of the error result the
	// function also returns, or -1.
	Owned     bool
	ErrResult int
}

func (*RenewalFact) AFact() {}

func (f *RenewalFact) String() string {
	return fmt.Sprintf("renewal(%s, signal %d, result %d)", f.What, f.Signal, f.Result)
}

const (
	renewalErr   = iota + 1 // the error result is non-nil when the lease was lost
	renewalBool             // the bool result is false when the lease (key) is gone
	renewalCount            // the int result counts the rows renewed: 0 when the lease was lost
	renewalLost             // the function throws the signal away itself (generated code)
)

// renewals is the FC5002 hand-rolled lease pass over one package.
type renewals struct {
	l     *checker
	local map[*types.Func]*RenewalFact // this package's renewal functions
	gen   func(token.Pos) bool
}

func (l *checker) leaseRenewals() {
	r := &renewals{l: l, local: map[*types.Func]*RenewalFact{}}
	r.gen = l.u.Generated
	if !l.lossOnly {
		r.statements()
	}
	// Functions that hand a renewal's error on to their caller are
	// renewals too (UpdateLease -> the store method -> the locker).
	for round := 0; round < 3; round++ {
		n := len(r.local)
		l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
			if f, _ := r.renewalOf(ci); f != nil && f.Signal == renewalErr {
				if call, ok := ci.(*ssa.Call); ok {
					if v := calls.Result(call, f.Result); v != nil && outcome.ReturnsErr(fn, v) {
						r.summarise(fn, &RenewalFact{Signal: renewalErr, Result: outcome.ErrIndex(fn), KeyParam: -1, What: f.What, Where: f.Where, Session: f.Session, Unconditional: f.Unconditional})
					}
				}
			}
		})
		if len(r.local) == n {
			break
		}
	}
	// The calls of renewal functions.
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		if f, impl := r.renewalOf(ci); f != nil {
			r.renewalCall(fn, ci, f, impl)
		}
	})
	if !l.lossOnly {
		exportSummaries(l, r.local, kindRenewal)
	}
	l.renewals = r.local
}

// statements finds the renewal statements themselves (SQL, Redis EXPIRE,
// document updates) and the wrappers of a library's session renewal. A
// package admitted only because it names a renewal (CheckLoss) skips them:
// it judges only the calls of renewals summarised elsewhere.
func (r *renewals) statements() {
	l := r.l
	// The statements themselves.
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		callee := calls.Callee(ci.Common())
		if callee == nil {
			return
		}
		if model.MatchesAny(model.KB.KeyExpires, callee) {
			r.redisExpire(fn, ci, callee)
			return
		}
		if r.scriptRenewal(fn, ci, callee) {
			return
		}
		for _, dc := range model.KB.Documents {
			if dc.Update >= 0 && dc.Func.Matches(callee) {
				r.docRenewal(fn, ci, callee, dc)
				return
			}
		}
		if text, q, kind := sqlrenewal.Call(ci, callee, sqlSink(callee)); kind != sqlrenewal.None {
			if st, what := sqlrenewal.Statement(text, fn, r.l.judged); st != nil {
				r.sqlRenewal(fn, ci, callee, q, kind, what)
			}
			return
		}
		r.builtRenewal(fn, ci)
	})
	// A wrapper that returns the error of a library's session renewal
	// (an application's client type over Consul's Session.RenewPeriodic,
	// behind its own interface) renews the session too.
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		callee := calls.Callee(ci.Common())
		call, ok := ci.(*ssa.Call)
		if !ok || callee == nil || !model.MatchesAny(model.KB.SessionRenewals, callee) {
			return
		}
		if err := calls.ErrorResult(call); err != nil && outcome.ReturnsErr(fn, err) {
			r.summarise(fn, &RenewalFact{Signal: renewalErr, Result: outcome.ErrIndex(fn), KeyParam: -1,
				What: callee.Pkg().Name() + " " + model.RecvName(callee) + "." + callee.Name(), Where: l.where(ci.Pos()), Session: true})
		}
	})
}

// summarise records fn as a renewal function (the first summary wins).
func (r *renewals) summarise(fn *ssa.Function, f *RenewalFact) {
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil || r.local[obj] != nil {
		return
	}
	r.local[obj] = f
}

// sqlRenewal judges one renewal statement: where its outcome goes.
func (r *renewals) sqlRenewal(fn *ssa.Function, ci ssa.CallInstruction, callee *types.Func, q int, kind sqlrenewal.Kind, what string) {
	where := r.l.where(ci.Pos())
	call, ok := ci.(*ssa.Call)
	if !ok {
		r.dropped(fn, ci, what, where, fmt.Sprintf("this lease renewal (%s) runs in a %s statement, which throws its outcome away", what, goOrDefer(ci)))
		return
	}
	switch kind {
	case sqlrenewal.Exec:
		res := calls.Result(call, 0)
		if res == nil || !outcome.Used(res) {
			r.dropped(fn, ci, what, where, fmt.Sprintf("the rows affected by this lease renewal (%s) are discarded", what))
			r.writeErr(fn, call, what, where)
			return
		}
		n, handled := outcome.ExecOutcome(res)
		switch {
		case !handled:
			r.dropped(fn, ci, what, where, fmt.Sprintf("the rows affected by this lease renewal (%s) are never checked", what))
			r.writeErr(fn, call, what, where)
		case n != nil && outcome.ReturnsErr(fn, n):
			r.summarise(fn, &RenewalFact{Signal: renewalErr, Result: outcome.ErrIndex(fn), KeyParam: -1, What: what, Where: where})
		case n != nil && outcome.Returned(fn, n) >= 0:
			r.summarise(fn, &RenewalFact{Signal: renewalCount, Result: outcome.Returned(fn, n), KeyParam: -1, What: what, Where: where})
		}
	case sqlrenewal.QueryRow:
		scan := outcome.ScanOf(call)
		if scan == nil {
			return // the row is handed on: whoever scans it sees ErrNoRows
		}
		err := calls.Result(scan, 0)
		if scan.Call.Signature().Results().Len() > 1 {
			return
		}
		if how := outcome.ErrorDropped(err, scan); how != "" {
			if r.gen(ci.Pos()) {
				r.summarise(fn, &RenewalFact{Signal: renewalLost, KeyParam: -1, What: what, Where: where})
				return
			}
			related := append([]analysis.RelatedInformation{{Pos: ci.Pos(), Message: "the lease is renewed here"}}, r.leaseTaken(fn, ci, what)...)
			pos, end := r.l.span(scan)
			r.l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: ci.Pos(), Related: related,
				Message: fmt.Sprintf("the error of this lease renewal (%s ... RETURNING) %s: ErrNoRows here means the row no longer names this holder (the lease expired and another holder took it), so the work goes on without the lease; return the error or stop the work (cancel its context) when the renewal fails",
					what, how)})
			return
		}
		if outcome.ReturnsErr(fn, err) {
			r.summarise(fn, &RenewalFact{Signal: renewalErr, Result: outcome.ErrIndex(fn), KeyParam: -1, What: what, Where: where})
		}
	}
}

// writeErr records fn as a renewal whose error says only that the renewal
// could not be written (RenewalFact.Unconditional) when it returns the
// error of a renewal statement whose rows affected it drops (reported
// there): a caller that drops that error as well lets the lease run out
// under the work, a second problem in another place.
func (r *renewals) writeErr(fn *ssa.Function, call *ssa.Call, what, where string) {
	if r.gen(call.Pos()) {
		return // the generated function's renewalLost summary stands
	}
	if err := calls.ErrorResult(call); err != nil && outcome.ReturnsErr(fn, err) {
		r.summarise(fn, &RenewalFact{Signal: renewalErr, Result: outcome.ErrIndex(fn), KeyParam: -1, What: what, Where: where, Unconditional: true})
	}
}

// docRenewal records a document store's update that renews a lease: in a
// function named as a renewal (vocab.NamesRenewal, NamesExtension:
// Heartbeat, renewLease, extendLock), an update that sets a heartbeat or
// lease-expiry field (vocab.RenewalColumn: $set {"heartbeat": now}) and
// whose error the function returns. Such an update matches its documents
// whoever holds them, so its error reports only that the renewal could not
// be written (RenewalFact.Unconditional); what the function's callers do
// with that error is judged where they call it (renewalCall). A renewal
// through a filter or update built elsewhere is not read.
func (r *renewals) docRenewal(fn *ssa.Function, ci ssa.CallInstruction, callee *types.Func, dc model.DocCall) {
	call, ok := ci.(*ssa.Call)
	if !ok || fn.Parent() != nil || !vocab.NamesRenewal(fn.Name()) && !vocab.NamesExtension(fn.Name()) {
		return
	}
	field := renewedField(calls.Arg(ci.Common(), dc.Update))
	if field == "" {
		return
	}
	err := calls.ErrorResult(call)
	if err == nil || !outcome.ReturnsErr(fn, err) {
		return
	}
	r.summarise(fn, &RenewalFact{Signal: renewalErr, Result: outcome.ErrIndex(fn), KeyParam: -1,
		What: fmt.Sprintf("%s %s setting %s", callee.Pkg().Name(), callee.Name(), field), Where: r.l.where(ci.Pos()), Unconditional: true})
}

// renewedField returns the heartbeat or lease-expiry field (vocab.
// RenewalColumn) that an update document sets ($set and the other set
// operators of the knowledge base, model.KB.SetOps), or "".
func renewedField(update ssa.Value) string {
	keys, vals := storecond.MapEntries(update)
	for i, k := range keys {
		if !slices.Contains(model.KB.SetOps, k) {
			continue
		}
		fields, _ := storecond.MapEntries(vals[i])
		for _, f := range fields {
			if f != "?" && vocab.RenewalColumn(f, false) {
				return f
			}
		}
	}
	return ""
}

// dropped reports a renewal whose outcome is thrown away where it runs, or
// records it when the code is generated (its callers are reported).
func (r *renewals) dropped(fn *ssa.Function, ci ssa.CallInstruction, what, where, how string) {
	if r.gen(ci.Pos()) {
		r.summarise(fn, &RenewalFact{Signal: renewalLost, KeyParam: -1, What: what, Where: where})
		return
	}
	pos, end := r.l.span(ci)
	r.l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: ci.Pos(), Related: r.leaseTaken(fn, ci, what),
		Message: how + ": when the lease is gone (expired and taken by another holder, or the record reaped out of the state it was claimed in), the renewal matches no row and still succeeds, so this holder goes on working as if it held the lease; check RowsAffected() and, when it is 0, return an error (ErrLeaseLost) so the caller stops the work (cancel its context)"})
}

// counted reports whether fn increments key (Redis INCR, DECR and their
// variants, effect.Increments) before the EXPIRE at: the key is a counter.
func counted(fn *ssa.Function, at ssa.CallInstruction, key ssa.Value) bool {
	for ci := range calls.In(fn) {
		if ci == at || !calls.Before(ci, at) || !effect.Increments(ci) {
			continue
		}
		k := calls.Arg(ci.Common(), 1)
		if k == nil {
			continue
		}
		if shape := calls.KeyShape(k, true); calls.SameKey(k, key) || shape != "" && shape == calls.KeyShape(key, true) {
			return true // the same value, or the same key built again (keyFor(id) twice)
		}
	}
	return false
}

// leaseTaken names the statement that takes the lease row a renewal
// renews, when the package has one other than the renewal itself.
func (r *renewals) leaseTaken(fn *ssa.Function, renewal ssa.CallInstruction, what string) []analysis.RelatedInformation {
	table := strings.Fields(what)[1]
	if acq := r.l.sqlAcquisition(fn, table); acq != nil && acq.call.Pos() != token.NoPos && acq.call != renewal {
		return []analysis.RelatedInformation{{Pos: acq.call.Pos(), Message: "the lease is taken here"}}
	}
	return nil
}

func goOrDefer(ci ssa.CallInstruction) string {
	if _, ok := ci.(*ssa.Defer); ok {
		return "defer"
	}
	return "go"
}

// renewalOf returns the renewal summary of the function a call invokes
// (see summaryOf).
func (r *renewals) renewalOf(ci ssa.CallInstruction) (*RenewalFact, string) {
	return summaryOf(r.l, ci, r.local, kindRenewal)
}

func implName(fn *types.Func) string {
	if recv := model.RecvName(fn); recv != "" {
		return fn.Pkg().Name() + "." + recv + "." + fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// renewalCall judges a call of a renewal function.
func (r *renewals) renewalCall(fn *ssa.Function, ci ssa.CallInstruction, f *RenewalFact, impl string) {
	if r.gen(ci.Pos()) {
		return // generated code calling generated code: its callers are judged
	}
	callee := calls.Callee(ci.Common())
	name := r.l.callName(ci, callee)
	of := ""
	if impl != "" {
		of = ", in " + impl
	}
	renews := fmt.Sprintf("%s renews a lease (%s, at %s%s)", name, f.What, f.Where, of)
	related := []analysis.RelatedInformation{{Pos: callee.Pos(), Message: "the lease renewal: " + f.What + " (" + f.Where + ")"}}
	if impl != "" {
		related = nil // the interface method says nothing about the renewal
	}
	call, _ := ci.(*ssa.Call)
	var msg string
	switch f.Signal {
	case renewalLost:
		msg = fmt.Sprintf("%s, but that generated code throws the rows affected away: when the lease has expired and another holder has taken the row, the renewal matches no row and still reports success, so this code keeps working as if it held the lease; make the query return what it renewed (with sqlc, :execrows or :one with RETURNING) and stop the work (cancel its context) when nothing was renewed",
			renews)
	case renewalErr:
		var err ssa.Value
		how := "is discarded"
		if call != nil {
			err = calls.Result(call, f.Result)
			if how = outcome.ErrorDropped(err, ci); how == "" {
				return
			}
		} else {
			how = "is thrown away by the " + goOrDefer(ci) + " statement"
		}
		if f.Session {
			if lossreach.Observed(r.l.u.Funcs, fn) {
				return // a lock's lost channel carries the same news
			}
			msg = fmt.Sprintf("%s renews a lock session (it returns the error of %s, at %s%s) and fails when the session has expired or was invalidated, which ends every lock held through it, but its error %s: the process never learns it and keeps acting as the holder; send its error on a channel or check it, and stop the work (cancel its context) when it returns",
				name, f.What, f.Where, of, how)
			break
		}
		if f.Unconditional {
			msg = fmt.Sprintf("%s and fails when the renewal could not be written, but its error %s: the lease then runs out while the work goes on, and another holder can take it over; stop the work (cancel its context, or return the error) when the renewal fails",
				renews, how)
			break
		}
		msg = fmt.Sprintf("%s and fails when the lease was lost (the row no longer names this holder), but its error %s: the work goes on after another holder has taken the lease; stop the work (cancel its context, or return the error) when the renewal fails",
			renews, how)
	case renewalCount:
		if call != nil {
			if v := calls.Result(call, f.Result); v != nil && outcome.Used(v) && !outcome.LogOnly(v, 0) {
				return
			}
		}
		msg = fmt.Sprintf("%s and returns how many rows it renewed, 0 when the lease was lost (the row no longer names this holder), but that count is discarded: the work goes on after another holder has taken the lease; stop the work (cancel its context) when it is 0",
			renews)
	case renewalBool:
		if f.Owned {
			if msg = ownedRenewalDropped(call, f, renews); msg == "" {
				return
			}
			break
		}
		key := calls.Arg(ci.Common(), f.KeyParam)
		if key == nil || !valuename.LockKey(key) && r.l.setnxFor(key, fn, nil) == nil {
			return
		}
		if call != nil {
			if v := calls.Result(call, f.Result); v != nil && outcome.Used(v) && !outcome.LogOnly(v, 0) {
				return
			}
		}
		msg = fmt.Sprintf("the bool returned by %s, which runs Redis EXPIRE on the lock key (at %s), is discarded: EXPIRE returns false when the key no longer exists (the lock expired, and another process may hold it now), so this process goes on as the holder; check it and stop the work when it is false. EXPIRE does not check the owner either: renew with a script that compares the value first (%s)",
			name, f.Where, model.CompareAndExpireScript)
	default:
		return
	}
	pos, end := r.l.span(ci)
	r.l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: ci.Pos(), Related: related, Message: msg})
}

// callName renders the called function for messages ("l.store.UpdateLease").
func (l *checker) callName(ci ssa.CallInstruction, callee *types.Func) string {
	return l.u.CallName(ci, callee)
}

// redisExpire judges EXPIRE/PEXPIRE: of a lock key with its bool dropped,
// or in a wrapper that returns the bool (dify's cache.Expire).
func (r *renewals) redisExpire(fn *ssa.Function, ci ssa.CallInstruction, callee *types.Func) {
	key := calls.Arg(ci.Common(), 1)
	if key == nil || pipelined(calls.Receiver(ci.Common())) {
		return // a pipeline's commands report through Exec's []Cmder
	}
	call, _ := ci.(*ssa.Call)
	var b ssa.Value // the bool
	handled := false
	if call != nil {
		for _, u := range outcome.Uses(call) {
			switch u.(type) {
			case *ssa.FieldAddr, *ssa.Field:
				continue // a promoted method of the embedded base command (Err)
			}
			c, ok := u.(*ssa.Call)
			if !ok || calls.Receiver(&c.Call) != call {
				if _, isCall := u.(ssa.CallInstruction); !isCall {
					handled = true // the *BoolCmd returned, stored or passed on
				}
				continue
			}
			m := calls.Callee(&c.Call)
			if m == nil || !slices.Contains(model.KB.BoolReplies, m.Name()) {
				continue // Err(), String()
			}
			if v := calls.Result(c, 0); v != nil && !outcome.LogOnly(v, 0) {
				b, handled = v, true
			}
		}
	}
	if b != nil {
		if i := outcome.Returned(fn, b); i >= 0 {
			if p := paramOf(fn, key, 0); p >= 0 {
				r.summarise(fn, &RenewalFact{Signal: renewalBool, Result: i, KeyParam: p, What: "Redis " + strings.ToUpper(callee.Name()), Where: r.l.where(ci.Pos())})
			}
		}
	}
	if handled {
		return
	}
	if call != nil && calls.RedisReadDeciding(call, key) != nil {
		return // GET, compare, EXPIRE: a renewal in two steps, the race FC2001 reports (claims)
	}
	acq := r.l.setnxFor(key, fn, nil)
	if acq == nil && (!valuename.LockKey(key) || counted(fn, ci, key)) {
		return // a counter with a TTL (INCR, then EXPIRE: a rate limiter) is no lock, whatever its key is called
	}
	if acq != nil && calls.Encloses(acq.fn, fn) && calls.Before(acq.call, ci) && !loopBetween(acq.call.Block(), ci.Block()) {
		return // the TTL set right after SET NX: part of the acquisition, not a renewal
	}
	var related []analysis.RelatedInformation
	of := ""
	if acq != nil {
		related = append(related, acquired(acq.call.Pos(), setnxLib()))
		of = fmt.Sprintf(" of the %s acquired at %s", setnxLib(), r.l.where(acq.call.Pos()))
	}
	pos, end := r.l.span(ci)
	r.l.report(unit.Finding{Code: checks.IgnoredLeaseLoss, Pos: pos, End: end, Key: ci.Pos(), Related: related,
		Message: fmt.Sprintf("the result of go-redis %s on the lock key%s is discarded: it is false when the key no longer exists (the lock expired, and another process may hold it now), so this process goes on as the holder; check it (Val() or Result()) and stop the work when it is false. EXPIRE does not check the owner either: renew with a script that compares the value first (%s)",
			callee.Name(), of, model.CompareAndExpireScript)})
}

// pipelined reports whether a go-redis receiver is a pipeline
// (Pipeliner, *Pipeline), whose command results arrive through Exec.
func pipelined(recv ssa.Value) bool {
	if recv == nil {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && strings.HasPrefix(n.Obj().Name(), "Pipeline")
}

// loopBetween reports whether a loop header lies on the way from a to b
// (a dominating b): b runs repeatedly after a ran once.
func loopBetween(a, b *ssa.BasicBlock) bool {
	for _, h := range b.Parent().Blocks {
		if a != h && a.Dominates(h) && outcome.LoopHeaderOf(h, b) {
			return true
		}
	}
	return false
}

// paramOf returns the index (receiver excluded) of the parameter of fn
// that v is computed from (the parameter itself, prefix + key,
// serialKey(key)), or -1.
func paramOf(fn *ssa.Function, v ssa.Value, depth int) int {
	if depth > 3 || v == nil {
		return -1
	}
	switch x := calls.Unwrap(v).(type) {
	case *ssa.Parameter:
		i := slices.Index(fn.Params, x)
		if fn.Signature.Recv() != nil {
			i--
		}
		return i
	case *ssa.BinOp:
		if i := paramOf(fn, x.X, depth+1); i >= 0 {
			return i
		}
		return paramOf(fn, x.Y, depth+1)
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if i := paramOf(fn, a, depth+1); i >= 0 {
				return i
			}
			if elems, ok := calls.Variadic(a); ok {
				for _, e := range elems {
					if i := paramOf(fn, e, depth+1); i >= 0 {
						return i // serialKey(keys ...string)
					}
				}
			}
		}
	}
	return -1
}

// setnxLib names the hand-rolled SET NX lock in messages: the knowledge
// base's lock recognised from the key alone (Lock.KeyOnly).
func setnxLib() string {
	for _, l := range model.KB.Locks {
		if l.KeyOnly {
			return l.Lib
		}
	}
	return "Redis SET NX lock"
}

// judgedRenewal reports whether another FC5002 rule already judges the
// outcome of this call.
func (l *checker) judgedRenewal(ci ssa.CallInstruction) bool {
	callee := calls.Callee(ci.Common())
	if callee == nil {
		return true
	}
	if model.MatchesAny(model.KB.SessionRenewals, callee) || model.MatchesAny(model.KB.LockExtensions, callee) || model.MatchesAny(model.KB.KeyExpires, callee) {
		return true
	}
	r := &renewals{l: l, local: map[*types.Func]*RenewalFact{}}
	f, _ := r.renewalOf(ci)
	return f != nil
}

// summarisedRenewal reports whether a call renews a lease by its callee's
// renewal summary: this package's (leaseRenewals) or another's fact.
func (l *checker) summarisedRenewal(ci ssa.CallInstruction) bool {
	r := &renewals{l: l, local: l.renewals}
	f, _ := r.renewalOf(ci)
	return f != nil
}

// ownedRenewalDropped says how a call of a function that returns the
// answer of a compare-and-expire renewal drops it, or "": its bool
// discarded or only logged, or (the bool read) its error only logged
// while the loop goes round to the next renewal, by which time the lock
// may have expired.
func ownedRenewalDropped(call *ssa.Call, f *RenewalFact, renews string) string {
	if call == nil {
		return fmt.Sprintf("%s and returns false when the lock is no longer this holder's (its key no longer holds the token), but the go or defer statement throws that away: the work goes on after another holder may have taken the lock; read the result and stop the work (cancel its context) when it is false", renews)
	}
	if v := calls.Result(call, f.Result); v == nil || !outcome.Used(v) || outcome.LogOnly(v, 0) {
		return fmt.Sprintf("%s and returns false when the lock is no longer this holder's (its key no longer holds the token), but that bool is discarded: the work goes on after another holder may have taken the lock; read it and stop the work (cancel its context, return an error) when it is false", renews)
	}
	if f.ErrResult < 0 {
		return ""
	}
	err := calls.Result(call, f.ErrResult)
	if sharedErrorBranch(err) {
		return "" // err != nil || !ok: the branch that handles the loss handles the error too
	}
	how := outcome.ErrorDropped(err, call)
	if how == "" {
		return ""
	}
	return fmt.Sprintf("%s, but its error %s: while the renewals fail the lock's TTL runs out and another holder can take it, and nothing stops the work here; stop the work (cancel its context, or return the error) when the renewal fails, or give up once the time since the last successful renewal reaches the TTL", renews, how)
}

// sharedErrorBranch reports whether a branch on err != nil leads to a
// block that another branch enters too (err != nil || !ok): what that
// block does is the bool's handling, judged with the bool.
func sharedErrorBranch(err ssa.Value) bool {
	for _, u := range outcome.Uses(err) {
		cmp, ok := u.(*ssa.BinOp)
		if !ok {
			continue
		}
		for _, u2 := range outcome.Uses(cmp) {
			iff, ok := u2.(*ssa.If)
			if !ok {
				continue
			}
			bad := iff.Block().Succs[0]
			if cmp.Op == token.EQL {
				bad = iff.Block().Succs[1]
			}
			if len(bad.Preds) > 1 {
				return true
			}
		}
	}
	return false
}
