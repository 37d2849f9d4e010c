package lifecycle

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/keyscope"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/ownercheck"
	"github.com/fencecheck/fencecheck/analyzers/internal/releasefix"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlcall"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/valuename"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// FC5001: a lock released without an atomic ownership check.
//
//   - Redis: DEL/UNLINK of a SET NX lock key, and GET-compare-in-Go-then-DEL;
//   - etcd: Delete of a Mutex's or Election's key outside a Txn compare;
//   - SQL: DELETE FROM <lock table> WHERE name = ? without the owner;
//   - a compare-and-delete (Lua script, DelExArgs IFEQ) whose owner value is
//     a constant, the same for every holder.

const scriptAdvice = "release with a compare-and-delete Lua script (" + model.CompareAndDeleteScript +
	") run with this holder's value"

const releaseAdvice = scriptAdvice + ", or with DelExArgs(ctx, key, redis.DelExArgs{Mode: \"IFEQ\", MatchValue: owner})"

func (l *checker) unsafeReleases() {
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		callee := calls.Callee(ci.Common())
		if callee == nil {
			return
		}
		switch {
		case calls.KeyDeleteLock(ci.Common(), callee) != nil:
			l.redisDelete(fn, ci, callee)
		case model.MatchesAny(model.KB.RevisionDeletes, callee):
			l.etcdDelete(fn, ci, callee)
		case model.MatchesAny(model.KB.OpDeletes, callee):
			l.etcdOpDelete(fn, ci)
		case model.MatchesAny(model.KB.DelIfEqual, callee):
			l.constantMatchValue(fn, ci)
		default:
			if sr := model.KB.ScriptRunOf(callee); sr != nil {
				l.constantOwnerScript(fn, ci, callee, sr)
			} else if sk := sqlSink(callee); sk != nil {
				l.sqlDelete(fn, ci, callee, sk.Query, sk.Family)
			} else if q := effect.SQLShaped(callee); q >= 0 && ci.Common().IsInvoke() {
				l.sqlDelete(fn, ci, callee, q, "SQL interface") // sqlc's DBTX
			} else if e := effect.Classify(ci, nil); e != nil && e.Sink.Cond == model.CondChain {
				l.builderDelete(ci, e)
			}
		}
	})
}

// setnx is one SET NX call of the package.
type setnx struct {
	call  *ssa.Call
	fn    *ssa.Function
	key   ssa.Value
	owner ssa.Value // the value argument: what the holder's compare must use
	id    string    // keyID of key
	lock  bool      // a lock (a critical section, or a key named like one), not de-duplication
	kind  *model.Lock
}

func (l *checker) setnxCalls() []*setnx {
	if l.setnxs != nil {
		return l.setnxs
	}
	l.setnxs = []*setnx{}
	secs := map[ssa.CallInstruction]*section.Section{}
	for _, s := range l.u.Sections {
		if s.Call != nil {
			secs[s.Call] = s
		}
	}
	l.eachCall(func(fn *ssa.Function, ci ssa.CallInstruction) {
		call, ok := ci.(*ssa.Call)
		if !ok {
			return
		}
		kl := calls.KeyHeldAcquire(&call.Call)
		if kl == nil {
			return
		}
		key := calls.FlatArg(&call.Call, kl.Handle)
		id, hint := calls.KeyID(key)
		l.setnxs = append(l.setnxs, &setnx{call: call, fn: fn, key: key, owner: calls.FlatArg(&call.Call, kl.Owner),
			id: id, lock: secs[call] != nil || lockKeyName(hint) || l.setnxIsLock(fn, key), kind: kl})
	})
	return l.setnxs
}

// setnxFor finds the SET NX that took the lock whose key a release in fn
// names: the same value in the same function (or a function literal in
// it), the same value passed to a helper's parameter, or, across
// functions where the lock may be held (unit.Engine.HeldAt), the same
// lock-like constant, struct field or package variable. del, when the
// release is a delete, undoes a marker rather than releasing a lock when
// it runs only after the work following a de-duplication SET NX failed
// (keyscope.Rollback).
func (l *checker) setnxFor(key ssa.Value, fn *ssa.Function, del ssa.CallInstruction) *setnx {
	all := l.setnxCalls()
	for _, a := range all {
		if calls.Encloses(a.fn, fn) && calls.SameKey(key, a.key) {
			if !a.lock && del != nil && keyscope.Rollback(a.call, del, a.key) {
				return nil
			}
			return a
		}
	}
	if p, ok := calls.Unwrap(calls.Resolve(key)).(*ssa.Parameter); ok {
		idx := -1
		for i, q := range p.Parent().Params {
			if q == p {
				idx = i
			}
		}
		for _, site := range l.callSites(p.Parent()) {
			args := site.Common().Args
			if idx < 0 || idx >= len(args) {
				continue
			}
			for _, a := range all {
				if calls.Encloses(a.fn, site.Parent()) && calls.SameKey(args[idx], a.key) {
					return a
				}
			}
		}
	}
	if id, _ := calls.KeyID(key); id != "" {
		for _, a := range all {
			if a.lock && a.id == id && l.u.HeldAt(a.fn, fn) {
				return a
			}
		}
	}
	if a := protocolSetnx(all, key, fn); a != nil {
		return a
	}
	return setnxByShape(all, key, fn)
}

// protocolSetnx finds the SET NX of a lock protocol's acquisition whose
// keys its release (fn) deletes: the type's acquire method (Lock(keys))
// takes a lock on what its caller passes in one parameter, an element of
// it or the whole of it, and the release method of the same type
// (Unlock(keys)) deletes what its caller passes in the same parameter. A
// caller gives both the same keys: the release is the lock's, whatever
// the keys are called.
func protocolSetnx(all []*setnx, key ssa.Value, fn *ssa.Function) *setnx {
	if _, rel := calls.LockProtocolRole(fn); !rel {
		return nil
	}
	i := paramIndex(key)
	recv := receiverType(fn)
	if i < 0 || recv == nil {
		return nil
	}
	for _, a := range all {
		if acq, _ := calls.LockProtocolRole(a.fn); acq && a.lock && paramIndex(a.key) == i && types.Identical(receiverType(a.fn), recv) {
			return a
		}
	}
	return nil
}

// variable returns what v holds: through a load of a variable (*x), a
// closure's free variable (its binding) and a parameter spilled to the
// heap because a closure captures it (the parameter).
func variable(v ssa.Value) ssa.Value {
	for range maxVariableHops {
		v = calls.Resolve(calls.Unwrap(v))
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v
			}
			v = x.X
		case *ssa.Alloc:
			stored := calls.StoredOnce(x, nil)
			if _, ok := stored.(*ssa.Parameter); !ok {
				return x // assigned more than once, or not the parameter
			}
			return stored
		default:
			return v
		}
	}
	return v
}

// paramIndex returns the position of the parameter of the declared
// function a key is read from (a closure's captured parameter included):
// the parameter itself, or an element of it (range keys, keys[i]); -1 if
// none.
func paramIndex(key ssa.Value) int {
	v := variable(key)
	switch x := v.(type) {
	case *ssa.IndexAddr:
		v = variable(x.X)
	case *ssa.Index:
		v = variable(x.X)
	}
	p, ok := v.(*ssa.Parameter)
	if !ok || p.Parent() == nil || p.Parent().Parent() != nil {
		return -1
	}
	for i, q := range p.Parent().Params {
		if q == p {
			return i
		}
	}
	return -1
}

// redisDelete reports DEL/UNLINK of a SET NX lock key, and DEL after a GET
// compared in Go.
func (l *checker) redisDelete(fn *ssa.Function, ci ssa.CallInstruction, callee *types.Func) {
	keys, ok := calls.RedisKeys(ci.Common(), callee)
	if !ok {
		// rdb.Del(ctx, keys...): a slice of keys is judged only as a lock
		// protocol's release of the keys its acquisition took.
		if v := calls.Arg(ci.Common(), model.KB.KeyArg(callee)); v != nil && protocolSetnx(l.setnxCalls(), v, fn) != nil {
			keys, ok = []ssa.Value{v}, true
		}
	}
	if !ok || l.insideWatch(fn) {
		return
	}
	what, verb := redisCall(ci.Common(), callee, calls.KeyDeleteLock(ci.Common(), callee))
	for _, k := range keys {
		acq := l.setnxFor(k, fn, ci)
		get, other := l.getCompared(ci, k)
		if get != nil && acq == nil && !valuename.LockKey(k) && !valuename.Owner(other) {
			get = nil // a cache entry checked before it is dropped, not a lock
		}
		if acq == nil && get == nil {
			l.keyParamRelease(fn, ci, k, what)
			continue
		}
		if acq != nil && get == nil && l.blindReleaseHarmless(l.sectionsOf(acq), acq.kind, acq.key) {
			continue // a lock that guards only a cache's fill, or one with no expiry (stampede.go)
		}
		var related []analysis.RelatedInformation
		of := ""
		if acq != nil {
			related = append(related, acquired(acq.call.Pos(), acq.kind.Lib))
			of = fmt.Sprintf(" of the %s acquired at %s", acq.kind.Lib, l.where(acq.call.Pos()))
		}
		var msg string
		if get != nil {
			related = append(related, analysis.RelatedInformation{Pos: get.Pos(), Message: "the owner is read here and compared in Go"})
			msg = fmt.Sprintf("%s deletes the lock key%s after a GET whose value was compared in Go: the lease can expire and another holder can take the lock between the GET and the %s, which then deletes that holder's lock; %s",
				what, of, verb, adviceFor(callee))
		} else {
			msg = fmt.Sprintf("%s releases the %s acquired at %s without checking that the key still holds this holder's value: if the lease expired and another holder took the lock in between, this deletes that holder's lock; %s",
				what, acq.kind.Lib, l.where(acq.call.Pos()), adviceFor(callee))
		}
		if acq != nil {
			if c, isConst := calls.Unwrap(acq.owner).(*ssa.Const); isConst && c.Value != nil {
				msg += fmt.Sprintf("; the lock's value %s is the same for every holder, so also set a value unique to this acquisition (a random token)", c.Value.ExactString())
			}
		}
		pos, end := l.span(ci)
		var fixes []analysis.SuggestedFix
		if _, many := k.Type().Underlying().(*types.Slice); acq != nil && get == nil && !many {
			fixes = releasefix.Script(l.u, ci, callee, releasefix.Acquisition{Call: acq.call, Fn: acq.fn, Owner: acq.owner, OwnerArg: acq.kind.Owner})
		}
		l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Message: msg, Related: related, Fixes: fixes, Key: ci.Pos()})
		return
	}
}

// keyParamRelease summarises a function that deletes, with no owner
// check, the key its caller passes (a locker's ForceRelease(ctx, key)) in
// a package whose SET NX locks take their key from their caller too: a
// call passing a lock's key releases whichever holder has it now.
func (l *checker) keyParamRelease(fn *ssa.Function, ci ssa.CallInstruction, key ssa.Value, what string) {
	p, ok := calls.Unwrap(calls.Resolve(key)).(*ssa.Parameter)
	if !ok || p.Parent() != fn || fn.Parent() != nil {
		return
	}
	i := slices.Index(fn.Params, p)
	if fn.Signature.Recv() != nil {
		i-- // parameters counted after the receiver, as calls.Args
	}
	if i < 0 || !slices.ContainsFunc(l.setnxCalls(), func(a *setnx) bool {
		_, keyed := calls.Unwrap(calls.Resolve(a.key)).(*ssa.Parameter)
		return keyed && a.fn != fn
	}) {
		return
	}
	f := &ReleaseFact{What: what, Where: l.where(ci.Pos()), KeyParam: i + 1}
	l.releases().summarise(fn, f)
	l.releases().at[f] = ci.Pos()
}

// insideWatch reports whether fn runs inside a go-redis Watch callback,
// where a GET-compare-DEL is an optimistic transaction (EXEC fails when the
// watched key changed).
func (l *checker) insideWatch(fn *ssa.Function) bool {
	for f := fn; f != nil && f.Parent() != nil; f = f.Parent() {
		for ci := range calls.Taking(f) {
			if model.MatchesAny(model.KB.Watches, calls.Callee(ci.Common())) {
				return true
			}
		}
	}
	return false
}

// getCompared finds a GET of key, before the delete in the same function,
// whose value is compared in Go, and returns it with the value it is
// compared against (nil when unknown).
func (l *checker) getCompared(del ssa.CallInstruction, key ssa.Value) (*ssa.Call, ssa.Value) {
	for _, b := range del.Parent().Blocks {
		for _, instr := range b.Instrs {
			g, ok := instr.(*ssa.Call)
			if !ok || !calls.SameKey(calls.RedisRead(&g.Call), key) {
				continue
			}
			if !calls.Before(g, del) {
				continue
			}
			if other, ok := ownercheck.ComparedInGo(g); ok {
				return g, other
			}
		}
	}
	return nil, nil
}

// sectionFor finds the critical section whose lock handle is h, as seen
// from fn.
func (l *checker) sectionFor(fn *ssa.Function, h ssa.Value) *section.Section {
	for _, s := range l.u.Sections {
		if s.Handle != nil && calls.Encloses(s.Fn, fn) && calls.SameKey(s.Handle, h) {
			return s
		}
	}
	if id, _ := calls.KeyID(h); id != "" {
		for _, s := range l.u.Sections {
			if s.Handle == nil {
				continue
			}
			if id2, _ := calls.KeyID(s.Handle); id2 == id {
				return s
			}
		}
	}
	return nil
}

// handleOf renders the receiver of a Key() call ("m" in m.Key()).
func (l *checker) handleOf(kc *ssa.Call) string {
	if ce := l.callExpr(kc); ce != nil {
		if sel, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr); ok {
			return l.source(sel.X)
		}
	}
	return "m"
}

func (l *checker) etcdRelease(kc *ssa.Call, fn *ssa.Function) (string, []analysis.RelatedInformation) {
	h := l.handleOf(kc)
	sec := l.sectionFor(fn, calls.Receiver(&kc.Call))
	of := ""
	var related []analysis.RelatedInformation
	if sec != nil {
		of = fmt.Sprintf(" of the %s acquired at %s", sec.Lock.Lib, l.where(sec.Pos))
		related = append(related, acquired(sec.Pos, sec.Lock.Lib))
	}
	release := h + ".Unlock(ctx)"
	if fn := calls.Callee(&kc.Call); fn != nil && model.RecvName(fn) == "Election" {
		release = h + ".Resign(ctx)"
	}
	return fmt.Sprintf("the lock key %s.Key()%s without comparing its CreateRevision, so the release does not check that this grant still owns the key: the key name (prefix + lease ID) is the same for every grant made through the session, so a delayed or retried delete from an earlier tenure removes a later one; release with %s, or delete in a transaction: Txn(ctx).If(%s.IsOwner()).Then(clientv3.OpDelete(%s.Key())).Commit() and check Succeeded",
		h, of, release, h, h), related
}

// etcdDelete reports KV.Delete(ctx, m.Key()).
func (l *checker) etcdDelete(fn *ssa.Function, ci ssa.CallInstruction, callee *types.Func) {
	kc := ownercheck.EtcdLockKey(calls.Arg(ci.Common(), 1))
	if kc == nil {
		return
	}
	what, related := l.etcdRelease(kc, fn)
	pos, end := l.span(ci)
	l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: ci.Pos(), Related: related,
		Message: fmt.Sprintf("etcd %s deletes %s", callee.Name(), what)})
}

// etcdOpDelete reports clientv3.OpDelete(m.Key()) run by Do, or by a Txn
// without If.
func (l *checker) etcdOpDelete(fn *ssa.Function, ci ssa.CallInstruction) {
	call, ok := ci.(*ssa.Call)
	if !ok {
		return
	}
	kc := ownercheck.EtcdLockKey(calls.Arg(&call.Call, 0))
	if kc == nil {
		return
	}
	for _, use := range ownercheck.Consumers(call) {
		callee := calls.Callee(use.Common())
		if callee == nil {
			continue
		}
		var how string
		switch callee.Name() {
		case "Then", "Else":
			if ownercheck.TxnHasIf(calls.Receiver(use.Common())) {
				continue
			}
			how = "in a Txn without If()"
		case "Do":
			how = "with Do"
		default:
			continue
		}
		what, related := l.etcdRelease(kc, fn)
		pos, end := l.span(ci)
		l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: ci.Pos(), Related: related,
			Message: fmt.Sprintf("etcd OpDelete run %s deletes %s", how, what)})
		return
	}
}

// sqlSink returns the SQL-text sink family of a call, or nil.
func sqlSink(fn *types.Func) *model.Sink {
	for _, s := range model.KB.Sinks {
		if s.Cond == model.CondSQL && model.MatchesAny(s.Funcs, fn) {
			return s
		}
	}
	return nil
}

// via names a sink call for messages ("database/sql DB.ExecContext").
func via(family string, fn *types.Func) string {
	recv := model.RecvName(fn)
	if recv == "" || recv == "?" || strings.ToLower(recv[:1]) == recv[:1] {
		return family + " " + fn.Name()
	}
	return family + " " + recv + "." + fn.Name()
}

// sqlStatement is a constant SQL text run somewhere in the package.
type sqlStatement struct {
	fn   *ssa.Function
	call ssa.CallInstruction
	stmt *sqlfence.Statement
}

// sqlDelete reports DELETE FROM <lock table> WHERE <name only>.
func (l *checker) sqlDelete(fn *ssa.Function, ci ssa.CallInstruction, callee *types.Func, query int, family string) {
	text, ok := sqlcall.Text(calls.Arg(ci.Common(), query))
	if !ok {
		return
	}
	st := sqlfence.Parse(text)
	if st.Kind != sqlfence.Write || st.Verb != "DELETE" || !vocab.LockTable.Match(st.Table) {
		return
	}
	where, ok := ownercheck.WhereWords(text)
	if !ok || !ownercheck.NamesOneRow(st, text) {
		return // clearing or reaping rows is not the release of one lock
	}
	if slices.ContainsFunc(where, vocab.ReleaseOwner.Match) {
		return // conditional on the holder (or on expiry: a takeover)
	}
	if l.u.Generated(ci.Pos()) {
		// Nobody edits generated code (sqlc): its hand-written callers,
		// here or in other packages, are reported instead.
		l.releases().summarise(fn, &ReleaseFact{What: oneLine(st.Text), Where: l.where(ci.Pos())})
		return
	}
	var related []analysis.RelatedInformation
	of := ""
	if acq := l.sqlAcquisition(fn, st.Table); acq != nil {
		related = append(related, acquired(acq.call.Pos(), "lock row"))
		of = fmt.Sprintf(" taken at %s", l.where(acq.call.Pos()))
	}
	pos, end := l.span(ci)
	l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: ci.Pos(), Related: related,
		Message: fmt.Sprintf("DELETE %s (%s) releases the lock row%s by its name only: if this holder's lease expired and another holder took the row in between, this deletes that holder's lock; add the owner to the predicate (AND owner = $n, with the value this holder wrote when it took the lock) and check the rows affected",
			st.Table, via(family, callee), of)})
}

// builderDelete reports the release of a lock row through a query builder
// (effect.BuilderDelete) by its name only: equality conditions, none on an
// owner column.
func (l *checker) builderDelete(ci ssa.CallInstruction, e *effect.Effect) {
	table, cols, ok := effect.BuilderDelete(e)
	if !ok || len(cols) == 0 || !vocab.LockTable.Match(table) || slices.ContainsFunc(cols, vocab.ReleaseOwner.Match) {
		return
	}
	pos, end := l.span(ci)
	l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: ci.Pos(),
		Message: fmt.Sprintf("%s DELETE %s (%s) releases the lock row by its name only (%s): if this holder's lease expired and another holder took the row in between, this deletes that holder's lock; add the owner to the conditions (the value this holder wrote when it took the lock) and check the rows affected",
			e.Sink.Family, table, e.Via(), strings.Join(cols, ", "))})
}

// oneLine renders SQL text on one line.
func oneLine(text string) string {
	return strings.Join(strings.Fields(text), " ")
}

// sqlAcquisition finds the statement that takes a row of a lock table:
// an INSERT, UPDATE, REPLACE or MERGE into it, preferably in fn.
func (l *checker) sqlAcquisition(fn *ssa.Function, table string) *sqlStatement {
	var other *sqlStatement
	l.eachCall(func(f *ssa.Function, ci ssa.CallInstruction) {
		callee := calls.Callee(ci.Common())
		sk := sqlSink(callee)
		if sk == nil {
			return
		}
		text, ok := sqlcall.Text(calls.Arg(ci.Common(), sk.Query))
		if !ok {
			return
		}
		st := sqlfence.Parse(text)
		if st.Kind != sqlfence.Write || st.Table != table {
			return
		}
		switch st.Verb {
		case "INSERT", "UPDATE", "REPLACE", "MERGE", "UPSERT":
		default:
			return
		}
		s := &sqlStatement{fn: f, call: ci, stmt: st}
		if other == nil || (calls.Encloses(f, fn) && !calls.Encloses(other.fn, fn)) {
			other = s
		}
	})
	return other
}

// constantOwnerScript reports a compare-and-delete script whose owner
// argument is a constant.
func (l *checker) constantOwnerScript(fn *ssa.Function, ci ssa.CallInstruction, callee *types.Func, sr *model.ScriptRun) {
	c := ci.Common()
	src, ok := l.u.Scripts().Text(ci)
	if !ok {
		return
	}
	n, ok := ownercheck.CompareAndDelete(src)
	if !ok {
		return
	}
	args, ok := calls.Variadic(calls.Arg(c, sr.Args))
	if !ok || n-1 >= len(args) || args[n-1] == nil {
		return
	}
	owner, isConst := calls.Unwrap(args[n-1]).(*ssa.Const)
	if !isConst || owner.Value == nil {
		return
	}
	var key ssa.Value
	if keys, ok := calls.Variadic(calls.Arg(c, sr.Keys)); ok && len(keys) > 0 {
		key = keys[0]
	}
	l.constantOwner(fn, ci, key, owner, fmt.Sprintf("the compare-and-delete script (%s)", via("go-redis", callee)))
}

// constantMatchValue reports DelExArgs(ctx, key, DelExArgs{Mode: "IFEQ",
// MatchValue: <constant>}).
func (l *checker) constantMatchValue(fn *ssa.Function, ci ssa.CallInstruction) {
	c := ci.Common()
	ld, ok := calls.Unwrap(calls.Arg(c, 2)).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return
	}
	fields := calls.StructFields(ld) // nil unless a struct built here
	if mode, ok := calls.ConstString(fields["Mode"]); !ok || !strings.EqualFold(mode, "IFEQ") {
		return
	}
	owner, isConst := calls.Unwrap(fields["MatchValue"]).(*ssa.Const)
	if !isConst || owner.Value == nil {
		return
	}
	l.constantOwner(fn, ci, calls.Arg(c, 1), owner, "DelExArgs with IFEQ")
}

// overwrites reports whether fn writes key with a plain SET, which takes
// no lock.
func overwrites(fn *ssa.Function, key ssa.Value) bool {
	for ci := range calls.In(fn) {
		if k := calls.RedisPlainSet(ci.Common()); k != nil && calls.SameKey(k, key) {
			return true
		}
	}
	return false
}

func (l *checker) constantOwner(fn *ssa.Function, ci ssa.CallInstruction, key ssa.Value, owner *ssa.Const, what string) {
	var related []analysis.RelatedInformation
	of := ""
	if key == nil {
		return
	}
	if acq := l.setnxFor(key, fn, nil); acq != nil {
		related = append(related, acquired(acq.call.Pos(), acq.kind.Lib))
		of = fmt.Sprintf(" of the %s acquired at %s", acq.kind.Lib, l.where(acq.call.Pos()))
	} else if strings.HasPrefix(what, "DelExArgs") && (!valuename.LockKey(key) || overwrites(fn, key)) {
		// A conditional delete of a key nobody locks here and that is not
		// named like a lock, or that this function writes with a plain SET
		// (go-redis' own DELEX tests); a compare-and-delete script, by
		// contrast, is the lock-release idiom itself.
		return
	}
	pos, end := l.span(ci)
	l.report(unit.Finding{Code: checks.UnsafeRelease, Pos: pos, End: end, Key: ci.Pos(), Related: related,
		Message: fmt.Sprintf("%s releases the lock%s only if it holds %s, a constant that every holder uses, so the check cannot tell this holder from the next one and any process can delete any holder's lock; set the lock with a value unique to this acquisition (a random token from crypto/rand) and compare with that value",
			what, of, owner.Value.ExactString())})
}

// ReleaseFact says that calling a function releases a lock row, item or
// document by its name only, with no owner in the condition.
type ReleaseFact struct {
	What  string // "DELETE FROM locks WHERE name = $1"
	Where string // "locks.sql.go:16"
	Store bool   // a DynamoDB or MongoDB delete: reported only after a read compared in Go
	// KeyParam is 1 + the index of the parameter (receiver excluded) whose
	// Redis key the function deletes (ForceRelease(ctx, key)): a release
	// only where the caller passes a lock's key; 0 if none.
	KeyParam int
}

func (*ReleaseFact) AFact() {}

func (f *ReleaseFact) String() string { return "release(" + f.What + ")" }
