// Package section finds distributed-lock acquisitions in SSA and the
// critical sections they open.
//
// A critical section starts where the acquisition is known to have
// succeeded (the success branch of `if err != nil`, `if ok`, or, when the
// result is not checked, right after the call) and covers every instruction
// dominated by that point and not dominated by a matching non-deferred
// release. A deferred release holds the section to every return. Callback
// APIs (client-go OnStartedLeading) make a whole function body a section.
// Calls made inside a section are followed by the engine, not here.
package section

import (
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/keyscope"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlcall"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"github.com/fencecheck/fencecheck/analyzers/internal/valuename"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Section is one critical section in one function.
type Section struct {
	Lock *model.Lock
	Fn   *ssa.Function
	// Pos is the acquisition (the call, or the callback registration).
	Pos token.Pos
	// Call is the acquiring call; nil for callback sections.
	Call ssa.CallInstruction
	// Handle is the lock object (receiver or returned handle), the key
	// of a SET NX lock, or the connection/transaction of an SQL lock.
	Handle ssa.Value
	// TxScoped is true for pg_advisory_xact_lock: effects on Handle are
	// inside the transaction that holds the lock.
	TxScoped bool
	// Pooled is true for a session-level SQL advisory lock taken on a
	// connection pool, which the next statement may not even run on.
	Pooled bool
	// Session is true for a session-level SQL advisory lock taken on a
	// pinned connection or a transaction (Handle): the lock ends only
	// with that session, and a statement sent on a session that has ended
	// fails, so the session's own writes cannot outlive the lock.
	Session bool

	// Seeds are values of Fn that carry the fencing token on entry (the
	// token parameter of a lock helper's callback).
	Seeds []ssa.Value

	// Extend is true when the section starts at a successful extension of
	// a lock (redsync Extend, redislock Refresh) rather than at its
	// acquisition: the lock lives in a struct field or a variable of
	// another function, and is known to be held from there on.
	Extend bool
	// May is true for the code after a conditional acquisition (if
	// e.locker != nil { e.locker.Lock(ctx) } ... work ...): the lock is
	// held there only on the paths that went through the acquisition.
	May bool
	// FailureJoins is true when the failure branch of the acquisition
	// carries on into the code that assumes the lock (if err != nil {
	// log(err) } work()): that code also runs when the lock was not
	// obtained. Best-effort locking.
	FailureJoins bool
	// Summary is true for the section Whole returns: a function's effect
	// summary, not a lock.
	Summary bool
	// Check is, for a section Checked returns, the lease or leadership
	// check whose verdict decides that the section's code runs: no
	// acquisition is in view, so Lock is a placeholder naming the check.
	Check *ssa.Call
	// CheckPos and CheckName are where the check of a Checked or
	// CheckedFlag section is and what it is called ("IsLeader", "the
	// flag isLeader"); "" for a section of an acquisition.
	CheckPos  token.Pos
	CheckName string
	// KeyParam is, for a section Conditional returns, 1 + the index of
	// the parameter of Fn (receiver excluded) from which the key of its
	// SET NX is built: the key is a lock or not depending on what callers
	// pass. 0 otherwise.
	KeyParam int
	// Forever is true for a SET NX lock taken with no expiry (a TTL of
	// the constant 0) that its function does not give one afterwards
	// (EXPIRE): the key stays until someone deletes it, so the lock
	// cannot pass to another holder while this one is paused, and its
	// holder's late writes and blind release cannot be a stale holder's.
	// (A lock that never expires has its own hazard, a crash leaves it
	// held for ever, which no check of this suite is about.)
	Forever bool

	whole    bool                     // the entire body of Fn
	blocks   map[*ssa.BasicBlock]bool // a May section's blocks
	start    *ssa.BasicBlock          // success block, or nil: right after Call
	releases []ssa.Instruction        // non-deferred releases
	cancel   ssa.Value                // the release function the acquisition returned, or nil
	index    map[ssa.Instruction]int
}

// Whole returns a section covering all of fn, used to summarise what a
// function would do if it were called under a lock.
func Whole(fn *ssa.Function) *Section {
	return &Section{Lock: &model.Lock{Lib: "lock"}, Fn: fn, Pos: fn.Pos(), whole: true, Summary: true}
}

// Checked returns the section of fn's blocks that run only when check, a
// bool-valued lease or leadership check (IsLeader()), said the lease is
// held: the blocks dominated by held, the branch taken then. It stands for
// code guarded by a lease check with no acquisition in view (the lease is
// taken elsewhere: an elector, a job queue, another goroutine).
func Checked(fn *ssa.Function, check *ssa.Call, held *ssa.BasicBlock, name string) *Section {
	blocks := map[*ssa.BasicBlock]bool{}
	for _, b := range fn.Blocks {
		if held.Dominates(b) {
			blocks[b] = true
		}
	}
	return &Section{Lock: &model.Lock{Lib: name}, Fn: fn, Pos: check.Pos(), Call: check, Check: check, blocks: blocks, CheckPos: check.Pos(), CheckName: name}
}

// CheckedFlag is Checked for a branch on a field that caches the lease's
// verdict (if !s.isLeader { return }), read at pos.
func CheckedFlag(fn *ssa.Function, pos token.Pos, held *ssa.BasicBlock, name string) *Section {
	blocks := map[*ssa.BasicBlock]bool{}
	for _, b := range fn.Blocks {
		if held.Dominates(b) {
			blocks[b] = true
		}
	}
	return &Section{Lock: &model.Lock{Lib: name}, Fn: fn, Pos: pos, blocks: blocks, CheckPos: pos, CheckName: name}
}

// Callback returns a section covering all of fn, a function run while the
// lock is held (a lock helper's callback); pos is where it was handed over.
func Callback(l *model.Lock, fn *ssa.Function, pos token.Pos) *Section {
	return &Section{Lock: l, Fn: fn, Pos: pos, whole: true}
}

// Contains reports whether instr (an instruction of s.Fn) runs inside the
// section.
func (s *Section) Contains(instr ssa.Instruction) bool {
	if instr.Parent() != s.Fn {
		return false
	}
	if s.whole {
		return true
	}
	if s.blocks != nil {
		return s.blocks[instr.Block()]
	}
	if s.start != nil {
		if !s.start.Dominates(instr.Block()) {
			return false
		}
	} else if !s.after(s.Call, instr) {
		return false
	}
	for _, r := range s.releases {
		if s.after(r, instr) {
			return false
		}
	}
	return true
}

// after reports whether a runs before b on every path to b.
func (s *Section) after(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab == bb {
		return s.pos(a) < s.pos(b)
	}
	return ab.Dominates(bb)
}

func (s *Section) pos(i ssa.Instruction) int {
	if s.index == nil {
		s.index = map[ssa.Instruction]int{}
	}
	if n, ok := s.index[i]; ok {
		return n
	}
	for n, x := range i.Block().Instrs {
		s.index[x] = n
	}
	return s.index[i]
}

// HandleText is the source text of the lock handle for messages ("m").
func (s *Section) HandleText() string {
	if s.Handle == nil {
		return "the lock"
	}
	switch h := calls.Unwrap(s.Handle).(type) {
	case *ssa.Parameter:
		return h.Name()
	case *ssa.FreeVar:
		return h.Name()
	case *ssa.UnOp:
		if fa, ok := h.X.(*ssa.FieldAddr); ok {
			return fieldPath(fa)
		}
		if a, ok := h.X.(*ssa.Alloc); ok && a.Comment != "" {
			return a.Comment
		}
	case *ssa.Call, *ssa.Extract:
		// A handle returned by a call: name it by the variable it was
		// assigned to when SSA kept one.
	}
	if name := s.Handle.Name(); !strings.HasPrefix(name, "t") {
		return name
	}
	return "the lock"
}

func fieldPath(fa *ssa.FieldAddr) string {
	st, _ := fa.X.Type().Underlying().(*types.Pointer)
	name := "?"
	if st != nil {
		if s, ok := st.Elem().Underlying().(*types.Struct); ok {
			name = s.Field(fa.Field).Name()
		}
	}
	base := "x"
	switch x := fa.X.(type) {
	case *ssa.Parameter:
		base = x.Name()
	case *ssa.FreeVar:
		base = x.Name()
	}
	return base + "." + name
}

// Find returns the sections that start in fn.
func Find(fn *ssa.Function) []*Section { return FindWith(fn, nil) }

// Lookup names locks beyond the knowledge base: functions of the program
// that acquire a lock and return with it held (engine facts). It receives
// the callee's object (nil for a function literal) and the call.
type Lookup func(obj *types.Func, call *ssa.CallCommon) *model.Lock

// KeyEvidence reports whether the package treats the key of a SET NX in
// fn as a lock's elsewhere: it deletes, compare-and-deletes, GETSETs or
// extends the same key (the same field, package variable, constant, or
// key-building call of those) in another function.
type KeyEvidence func(fn *ssa.Function, key ssa.Value) bool

// FindWith is Find, also treating calls for which extra returns a lock as
// acquisitions.
func FindWith(fn *ssa.Function, extra Lookup) []*Section { return FindIn(fn, extra, nil) }

// FindIn is FindWith, also asking keys whether the key of a SET NX is a
// lock's (Lock.KeyOnly).
func FindIn(fn *ssa.Function, extra Lookup, keys KeyEvidence) []*Section {
	return find(fn, extra, keys, false)
}

// Conditional returns the sections of fn's SET NX calls (Lock.KeyOnly)
// whose key is built from one of fn's parameters and is not known to be a
// lock's here: fn takes a lock when its caller passes a lock's key
// (Section.KeyParam), and nothing when it passes a de-duplication key.
// They are candidates for acquire wrappers, not critical sections.
func Conditional(fn *ssa.Function, extra Lookup, keys KeyEvidence) []*Section {
	return find(fn, extra, keys, true)
}

func find(fn *ssa.Function, extra Lookup, keys KeyEvidence, conditional bool) []*Section {
	var out []*Section
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Call:
				s := fromCall(fn, x, extra, keys, conditional)
				if conditional {
					if s != nil && s.KeyParam > 0 {
						out = append(out, s)
					}
					continue
				}
				if s != nil {
					out = append(out, s)
					if m := s.mayHold(); m != nil {
						out = append(out, m)
					}
				}
			case *ssa.Store:
				if conditional {
					continue
				}
				if s := fromCallback(x); s != nil {
					out = append(out, s)
				}
			}
		}
	}
	// An extension inside a section of the same lock adds nothing: the
	// acquisition's section already covers what follows it.
	return slices.DeleteFunc(out, func(e *Section) bool {
		return e.Extend && slices.ContainsFunc(out, func(s *Section) bool {
			return !s.Extend && s.Lock.Lib == e.Lock.Lib && s.Contains(e.Call)
		})
	})
}

func extensionFor(fn *types.Func) *model.Lock {
	if fn == nil {
		return nil
	}
	for _, l := range model.KB.Extensions {
		for _, a := range l.Acquire {
			if a.Matches(fn) {
				return l
			}
		}
	}
	return nil
}

// lockFor returns the lock a call of fn takes, when c sends the command
// the lock names (model.Lock.Command).
func lockFor(fn *types.Func, c *ssa.CallCommon) *model.Lock {
	if fn == nil {
		return nil
	}
	for _, l := range model.KB.Locks {
		for _, a := range l.Acquire {
			if a.Matches(fn) && calls.IsCommand(c, l.Command) && (l.Claim == nil || storecond.TxnClaim(calls.Receiver(c), l.Claim)) {
				return l
			}
		}
		if l.Mirror != nil && calls.Mirrors(c, l.Mirror.Acquire, true) {
			return l
		}
	}
	return nil
}

// isRelease reports whether c is a call of one of l's release functions
// (sending its release command, for a client whose commands are strings).
func isRelease(l *model.Lock, c *ssa.CallCommon) bool {
	if l.Mirror != nil && calls.Mirrors(c, l.Mirror.Release, false) {
		return true
	}
	fn := calls.Callee(c)
	if l.Made != nil && model.MatchesAny(l.Made.Release, fn) {
		return true
	}
	return model.MatchesAny(l.Release, fn) && calls.IsCommand(c, l.ReleaseCommand)
}

// madeLockFor returns the lock taken by a call of a general interface's
// method on a value a lock library made (Lock.Made: the sync.Locker that
// etcd's NewLocker returns).
func madeLockFor(call *ssa.CallCommon, fn *types.Func) *model.Lock {
	if fn == nil {
		return nil
	}
	for _, l := range model.KB.Locks {
		if l.Made == nil || !slices.ContainsFunc(l.Made.Acquire, func(f model.Func) bool { return f.Matches(fn) }) {
			continue
		}
		maker, ok := calls.Unwrap(calls.Receiver(call)).(*ssa.Call)
		if !ok {
			continue
		}
		if by := calls.Callee(&maker.Call); by != nil && slices.ContainsFunc(l.Made.By, func(f model.Func) bool { return f.Matches(by) }) {
			return l
		}
	}
	return nil
}

func fromCall(fn *ssa.Function, call *ssa.Call, extra Lookup, keys KeyEvidence, conditional bool) *Section {
	callee := calls.Callee(&call.Call)
	l := lockFor(callee, &call.Call)
	if l != nil && l.Claim != nil && !claimsLock(fn, call, l) {
		l = nil
	}
	if l == nil {
		l = madeLockFor(&call.Call, callee)
	}
	if l == nil && extra != nil {
		l = extra(callee, &call.Call)
	}
	extend := false
	if l == nil {
		if l = extensionFor(callee); l == nil {
			return fromSQL(fn, call, callee)
		}
		extend = true
	}
	s := &Section{Lock: l, Fn: fn, Pos: call.Pos(), Call: call, Extend: extend}
	switch {
	case l.Held == model.HeldByResult:
		s.Handle = calls.Result(call, l.Handle)
	case l.Held == model.HeldByKey:
		s.Handle = calls.FlatArg(&call.Call, l.Handle)
	case l.ScopeRecv:
		s.Handle = calls.Receiver(&call.Call)
		s.setScope(l.TxScoped)
	case l.Scope > 0:
		s.Handle = calls.Arg(&call.Call, l.Scope-1)
		s.setScope(l.TxScoped)
	default:
		s.Handle = calls.Receiver(&call.Call)
	}
	switch {
	case l.Forever: // a wrapper's: it gave the key no expiry; nor may its caller
		s.Forever = l.Held != model.HeldByKey || !expiresIn(fn, s.Handle)
	case l.Held == model.HeldByKey:
		s.Forever = noTTL(callee, &call.Call) && !expiresIn(fn, s.Handle)
	}
	if l.KeyOnly && !lockKey(fn, call, l, s.Handle, keys) {
		if !conditional {
			return nil // SET NX for de-duplication, not a lock
		}
		if s.KeyParam = keyParam(fn, s.Handle) + 1; s.KeyParam == 0 {
			return nil
		}
	} else if conditional {
		return nil
	}
	switch l.Success {
	case model.ErrNil:
		errv := errResult(call, l.Result)
		test, start := nilTest(errv, true)
		switch {
		case start == nil && comparedWithSentinel(errv):
			// No nil test, only err == ErrLockConflict / errors.Is(err,
			// ErrLocked): where the lock is held is unknown; stay silent.
			return nil
		case start != nil && sentinelJoins(start, test, call.Block(), errv):
			// if err != nil && err != ErrNotObtained { return err }: the
			// code after it also runs when the lock was NOT acquired. A
			// sentinel compared only on a failure branch (if err != nil {
			// if err == ErrLocked { log }; return err }) does not get here.
			return nil
		}
		s.start = start
		if l.Result > 0 {
			// Consul's Lock returns (nil, nil) when it gives up: a branch on
			// the channel being non-nil is where the lock is held.
			if b := nonNilBranch(calls.Result(call, 0)); b != nil && (s.start == nil || s.start.Dominates(b)) {
				s.start = b
			}
		}
	case model.BoolTrue:
		if l.SuccessField != "" {
			// A claim: held where its response's success field is true;
			// a claim whose outcome is never read gates nothing.
			resp := calls.Result(call, l.Result)
			ok := successField(resp, l.SuccessField)
			if ok == nil {
				return nil
			}
			s.start = boolBranch(ok)
			// The response's header revision is the claimed key's
			// CreateRevision: a write that uses it is fenced by the claim.
			s.Seeds = []ssa.Value{resp}
			break
		}
		s.start = boolBranch(boolResult(call, l.Result))
	case model.NonNilReply:
		s.start = replyBranch(call, l.Result)
	}
	if extend && s.start == nil {
		return nil // an extension whose outcome is not tested proves nothing
	}
	if extend && failureReaches(s.start, call.Block()) {
		// if err := lock.Refresh(ctx); err != nil { stepDown() } in a loop:
		// the success edge goes straight to a block the failure branch
		// also reaches (the loop's head, a join after it), so nothing
		// there runs only after a successful extension.
		return nil
	}
	var cancel ssa.Value
	if l.ReleaseFunc > 0 {
		cancel = calls.Result(call, l.ReleaseFunc-1)
		s.cancel = cancel
	}
	s.releases = releases(fn, func(c *ssa.CallCommon) bool {
		if l.InSQL && (sqlUnlock(c) || s.endsScope(c)) {
			return true // an unlock statement after a wrapper of an advisory lock, or the end of its session
		}
		if cancel != nil && !c.IsInvoke() && calls.SameValue(c.Value, cancel) {
			return true // the release function the acquisition returned: cancel()
		}
		if handleRelease(call, c) {
			return true // lock, err := locker.Acquire(...); defer lock.Release(ctx)
		}
		if !isRelease(l, c) {
			return false
		}
		if l.Held == model.HeldByKey {
			return slices.ContainsFunc(keysOf(c), func(k ssa.Value) bool { return calls.SameValue(k, s.Handle) })
		}
		return s.Handle == nil || calls.SameValue(calls.Receiver(c), s.Handle) ||
			l.ReleaseArg0 && calls.SameValue(calls.Arg(c, 0), s.Handle) ||
			l.Scope > 0 && passesHandle(c, s.Handle)
	})
	if !extend && s.start != nil && failureJoins(s.start, call.Block()) {
		s.FailureJoins = true
	}
	if !extend && s.start != nil && skipsAcquisition(s.start, call.Block()) {
		// if e.locker != nil { err = e.locker.Lock(ctx) ...; if err != nil
		// { return err } } work(): go/ssa threads the empty success block
		// into the join, which the code that never tried to acquire also
		// enters. From there on the lock is only sometimes held.
		s.May = true
		s.blocks = s.heldBlocks(s.start)
		if len(s.blocks) == 0 {
			return nil
		}
	}
	return s
}

// noTTL reports whether c, a SET NX lock's acquisition, passes the
// constant 0 as its TTL (model.KB.LockTTLArgs): go-redis's SetNX(ctx,
// key, value, 0) sets a key with no expiration.
func noTTL(callee *types.Func, c *ssa.CallCommon) bool {
	if callee == nil {
		return false
	}
	for _, ta := range model.KB.LockTTLArgs {
		if !ta.Func.Matches(callee) {
			continue
		}
		k, ok := calls.Arg(c, ta.Arg).(*ssa.Const)
		return ok && k.Value != nil && k.Value.Kind() == constant.Int && constant.Sign(k.Value) == 0
	}
	return false
}

// expiresIn reports whether fn gives key an expiry (SETNX, then EXPIRE:
// the two-step lock of older code).
func expiresIn(fn *ssa.Function, key ssa.Value) bool {
	if key == nil {
		return true // unknown: assume the lock expires
	}
	for ci := range calls.In(fn) {
		if k := calls.RedisExpire(ci.Common()); k != nil && calls.SameKey(k, key) {
			return true
		}
	}
	return false
}

// passesHandle reports whether a call of a package function hands it h
// as one of its arguments: schema.ReleaseAdvisoryLock(ctx, pool) releases
// the advisory lock that schema.Bootstrap(ctx, pool) took on pool.
func passesHandle(c *ssa.CallCommon, h ssa.Value) bool {
	if c.IsInvoke() {
		return false
	}
	return slices.ContainsFunc(c.Args, func(a ssa.Value) bool { return calls.SameValue(a, h) })
}

// failureReaches reports whether start, the success successor of the
// test of an outcome made in callBlock, is also reached from the test's
// other successor.
func failureReaches(start, callBlock *ssa.BasicBlock) bool {
	if len(start.Preds) < 2 {
		return false
	}
	for _, p := range start.Preds {
		if _, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If); !ok || !callBlock.Dominates(p) {
			continue
		}
		for _, other := range p.Succs {
			if other != start && reachable(other)[start] {
				return true
			}
		}
	}
	return false
}

// boolResult returns the bool that reports success: result i, or, for a
// go-redis *BoolCmd, the value of its Result() or Val().
func boolResult(call *ssa.Call, i int) ssa.Value {
	v := calls.Result(call, i)
	if v == nil {
		return nil
	}
	if _, isBool := v.Type().Underlying().(*types.Basic); isBool {
		return v
	}
	if b := replyValue(v, func(t types.Type) bool {
		b, ok := t.Underlying().(*types.Basic)
		return ok && b.Info()&types.IsBoolean != 0
	}); b != nil {
		return b // redis.Bool(conn.Do("SETNX", key, value))
	}
	for _, r := range *v.Referrers() {
		c, ok := r.(*ssa.Call)
		if !ok || calls.Receiver(&c.Call) != v {
			continue
		}
		switch calls.Callee(&c.Call).Name() {
		case "Result":
			return calls.Result(c, 0)
		case "Val":
			return c
		}
	}
	return nil
}

// errResult returns the error that reports success: result i, or, for a
// command (go-redis' *StatusCmd of SetArgs with NX), the error of its
// accessor (model.KB.ErrReplies: Err(), Result()'s last result), or nil
// when neither is read.
func errResult(call *ssa.Call, i int) ssa.Value {
	v := calls.Result(call, i)
	if v == nil || types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
		return v
	}
	for _, c := range calls.MethodCalls(v) {
		fn := calls.Callee(&c.Call)
		if fn == nil || !slices.Contains(model.KB.ErrReplies, fn.Name()) {
			continue
		}
		res := fn.Type().(*types.Signature).Results()
		if res.Len() == 0 || !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
			continue
		}
		return calls.Result(c, res.Len()-1)
	}
	return nil
}

// successField returns the load of field name of v, a response pointer
// (resp.Succeeded), that a branch tests, else any load of it, or nil.
func successField(v ssa.Value, name string) ssa.Value {
	if v == nil {
		return nil
	}
	var loaded ssa.Value
	for _, r := range *v.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.X != v {
			continue
		}
		if f := calls.FieldVar(v.Type(), fa.Field); f == nil || f.Name() != name {
			continue
		}
		for _, rr := range *fa.Referrers() {
			ld, ok := rr.(*ssa.UnOp)
			if !ok || ld.Op != token.MUL {
				continue
			}
			if boolBranch(ld) != nil {
				return ld
			}
			if loaded == nil {
				loaded = ld
			}
		}
	}
	return loaded
}

// replyConversion returns the call converting reply, an untyped reply, into
// a value (model.KB.Replies: redigo's redis.String(conn.Do(...))) whose
// result 0 has a type for which want holds, or nil.
func replyConversion(reply ssa.Value, want func(types.Type) bool) *ssa.Call {
	if reply == nil {
		return nil
	}
	for _, r := range *reply.Referrers() {
		c, ok := r.(*ssa.Call)
		if !ok || calls.Arg(&c.Call, 0) != reply {
			continue
		}
		fn := calls.Callee(&c.Call)
		if fn == nil || !slices.ContainsFunc(model.KB.Replies, func(f model.Func) bool { return f.Matches(fn) }) {
			continue
		}
		if res := fn.Type().(*types.Signature).Results(); res.Len() > 0 && (want == nil || want(res.At(0).Type())) {
			return c
		}
	}
	return nil
}

// replyValue returns result 0 of a conversion of reply whose type want
// accepts, or nil.
func replyValue(reply ssa.Value, want func(types.Type) bool) ssa.Value {
	if c := replyConversion(reply, want); c != nil {
		return calls.Result(c, 0)
	}
	return nil
}

// replyBranch returns the block where result i of call, a reply that is
// nil when the command did nothing (model.NonNilReply), is known not to be
// nil: `if reply != nil`, or the nil-error branch of a conversion that
// fails on a nil reply (redis.String(conn.Do("SET", key, v, "NX"))).
func replyBranch(call *ssa.Call, i int) *ssa.BasicBlock {
	reply := calls.Result(call, i)
	if b := nonNilBranch(reply); b != nil {
		return b
	}
	if c := replyConversion(reply, nil); c != nil {
		return errNilBranch(calls.Result(c, 1))
	}
	return nil
}

// errNilBranch finds `if err != nil` / `if err == nil` on v and returns the
// block where v is nil, or nil when v is not tested.
func errNilBranch(v ssa.Value) *ssa.BasicBlock { return nilBranch(v, true) }

// nonNilBranch finds `if v != nil` / `if v == nil` on v and returns the
// block where v is not nil.
func nonNilBranch(v ssa.Value) *ssa.BasicBlock { return nilBranch(v, false) }

// nilBranch returns the successor of the branch comparing v with nil that
// is entered when v is nil (wantNil) or not nil (!wantNil).
func nilBranch(v ssa.Value, wantNil bool) *ssa.BasicBlock {
	_, b := nilTest(v, wantNil)
	return b
}

// nilTest is nilBranch, also returning the block of the branch.
func nilTest(v ssa.Value, wantNil bool) (*ssa.BasicBlock, *ssa.BasicBlock) {
	if v == nil {
		return nil, nil
	}
	for _, r := range *v.Referrers() {
		cmp, ok := r.(*ssa.BinOp)
		if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) || !isNil(cmp.X, cmp.Y) {
			continue
		}
		for _, r2 := range *cmp.Referrers() {
			if iff, ok := r2.(*ssa.If); ok {
				if (cmp.Op == token.EQL) == wantNil {
					return iff.Block(), iff.Block().Succs[0]
				}
				return iff.Block(), iff.Block().Succs[1]
			}
		}
	}
	return nil, nil
}

func isNil(x, y ssa.Value) bool {
	for _, v := range []ssa.Value{x, y} {
		if c, ok := v.(*ssa.Const); ok && c.IsNil() {
			return true
		}
	}
	return false
}

// boolBranch finds `if ok` / `if !ok` on v and returns the block where v is
// true.
func boolBranch(v ssa.Value) *ssa.BasicBlock { return calls.Branch(v, true) }

// releases returns the non-deferred calls in fn that match.
func releases(fn *ssa.Function, match func(*ssa.CallCommon) bool) []ssa.Instruction {
	var out []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && match(&c.Call) {
				out = append(out, c)
			}
		}
	}
	return out
}

// keysOf returns the arguments of a release of a lock held by its key
// that may name the key: every argument, with the elements of a variadic
// one (rdb.Del(ctx, keys...), conn.Do("DEL", key), a wrapper's
// Unlock(key)).
func keysOf(c *ssa.CallCommon) []ssa.Value {
	var out []ssa.Value
	for i := 0; ; i++ {
		v := calls.FlatArg(c, i)
		if v == nil {
			return out
		}
		out = append(out, v)
	}
}

// lockKey decides whether the key of an acquisition that also serves
// de-duplication (SET NX; Lock.KeyOnly) is a lock: its constant part names
// a lock, it is computed by a function or read from a variable named like
// one (lockKey(id), KeyPeriodicLock(ns)), the function releases the same
// key again (in its body or in a function literal of it: a deferred
// release; a delete that undoes a marker when the work failed is no
// release, keyscope.Rollback), or the package treats the key as a lock's
// elsewhere (keys).
func lockKey(fn *ssa.Function, call *ssa.Call, l *model.Lock, key ssa.Value, keys KeyEvidence) bool {
	if key == nil {
		return false
	}
	if p, ok := calls.HelperPrefix(key); ok && vocab.LockKey.Match(p) {
		return true
	}
	if lockName(keyName(settled(key))) {
		return true
	}
	if releasedIn(fn, call, l, key, 0) {
		return true
	}
	return keys != nil && keys(fn, key)
}

// releasedIn reports whether fn or a function literal in it releases l
// naming key, the key call set (or passed to the acquire function call).
func releasedIn(fn *ssa.Function, call *ssa.Call, l *model.Lock, key ssa.Value, depth int) bool {
	names := func(ks []ssa.Value) bool {
		return slices.ContainsFunc(ks, func(k ssa.Value) bool { return calls.SameValue(settled(k), settled(key)) })
	}
	for ci := range calls.In(fn) {
		c := ci.Common()
		// The lock's release, or the release function paired with the
		// acquire function called (locks.Release(ctx, key, token)).
		if (isRelease(l, c) && names(keysOf(c)) || pairedRelease(call, c) && names(calls.Args(c))) &&
			!keyscope.Rollback(call, ci, key) {
			return true
		}
	}
	if depth < 3 {
		for _, anon := range fn.AnonFuncs {
			if releasedIn(anon, call, l, key, depth+1) {
				return true
			}
		}
	}
	return false
}

// resolve replaces a free variable of a function literal by the value it
// is bound to where the literal is created, repeatedly.
func resolve(v ssa.Value) ssa.Value {
	for i := 0; i < 8; i++ {
		fv, ok := calls.Unwrap(v).(*ssa.FreeVar)
		if !ok {
			return v
		}
		fn := fv.Parent()
		idx := slices.Index(fn.FreeVars, fv)
		if idx < 0 || fn.Parent() == nil {
			return v
		}
		var bound ssa.Value
		for _, b := range fn.Parent().Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && idx < len(mc.Bindings) {
					bound = mc.Bindings[idx]
				}
			}
		}
		if bound == nil {
			return v
		}
		v = bound
	}
	return v
}

// settled is the value v stands for across function literals: a free
// variable is the value it is bound to, and a variable that literals
// capture (SSA keeps it in an Alloc) is the one value stored into it.
func settled(v ssa.Value) ssa.Value {
	for i := 0; i < 8; i++ {
		v = calls.Unwrap(resolve(v))
		ld, ok := v.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			return v
		}
		alloc, ok := calls.Unwrap(resolve(ld.X)).(*ssa.Alloc)
		if !ok {
			return v
		}
		var stored ssa.Value
		for _, r := range *alloc.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
				if stored != nil {
					return v // assigned more than once
				}
				stored = st.Val
			}
		}
		if stored == nil {
			return v
		}
		v = stored
	}
	return v
}

// keyName returns the name a key comes by: the function that computed it,
// the field or package variable it was read from.
func keyName(key ssa.Value) string {
	switch x := calls.Unwrap(resolve(key)).(type) {
	case *ssa.Call:
		if fn := calls.Callee(&x.Call); fn != nil {
			return fn.Name()
		}
	case *ssa.UnOp:
		switch a := x.X.(type) {
		case *ssa.Global:
			return a.Name()
		case *ssa.FieldAddr:
			if p, ok := a.X.Type().Underlying().(*types.Pointer); ok {
				if st, ok := p.Elem().Underlying().(*types.Struct); ok && a.Field < st.NumFields() {
					return st.Field(a.Field).Name()
				}
			}
		}
	case *ssa.Field:
		if st, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < st.NumFields() {
			return st.Field(x.Field).Name()
		}
	}
	return ""
}

// lockName reports whether an identifier names a lock: one of its words
// starts with a lock word (lockKey, KeyPeriodicLock, leaderKey, but not
// blockKey or clockSkew).
func lockName(name string) bool { return vocab.LockName.Match(name) }

// keyParam returns the parameter of fn (receiver excluded) from which key
// is built, directly or through the arguments of calls and concatenations
// (serialKey(key), "lock:" + name, r.name(key)), when exactly one
// parameter is; -1 otherwise.
func keyParam(fn *ssa.Function, key ssa.Value) int {
	var found []*ssa.Parameter
	var visit func(v ssa.Value, depth int) bool
	visit = func(v ssa.Value, depth int) bool {
		if depth > 4 || v == nil {
			return false
		}
		switch x := calls.Unwrap(v).(type) {
		case *ssa.Parameter:
			if fn.Signature.Recv() != nil && x == fn.Params[0] {
				// The receiver, handed to a key-building method of its
				// own (r.name(key)): it adds a prefix, not the key.
				return true
			}
			if !slices.Contains(found, x) {
				found = append(found, x)
			}
			return true
		case *ssa.Const:
			return true
		case *ssa.BinOp:
			return visit(x.X, depth+1) && visit(x.Y, depth+1)
		case *ssa.Convert:
			return visit(x.X, depth+1)
		case *ssa.Slice:
			elems, ok := calls.Variadic(x)
			if !ok {
				return false
			}
			for _, e := range elems {
				if !visit(e, depth+1) {
					return false
				}
			}
			return true
		case *ssa.Call:
			if x.Call.IsInvoke() || calls.Callee(&x.Call) == nil {
				return false
			}
			for _, a := range x.Call.Args {
				if !visit(a, depth+1) {
					return false
				}
			}
			return true
		case *ssa.UnOp:
			// A field or package variable: part of the key, from no
			// parameter.
			if x.Op == token.MUL {
				switch x.X.(type) {
				case *ssa.Global, *ssa.FieldAddr:
					return true
				}
			}
		}
		return false
	}
	if !visit(settled(key), 0) || len(found) != 1 {
		return -1
	}
	i := slices.Index(fn.Params, found[0])
	if fn.Signature.Recv() != nil {
		i--
	}
	if i < 0 {
		return -1 // the receiver
	}
	return i
}

// callbackStore returns the lock held while the function st stores runs:
// st stores into a lock's Callback field (client-go's
// LeaderCallbacks.OnStartedLeading). Nil if it does not.
func callbackStore(st *ssa.Store) *model.Lock {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	named, _ := types.Unalias(ptr.Elem()).(*types.Named)
	s, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	return model.KB.CallbackLock(named, s.Field(fa.Field))
}

// CallbackParams returns the indexes (receiver excluded) of fn's func
// parameters that fn installs as a lock's callback (OnStartedLeading), and
// that lock: fn is then a lock helper whose callers' function literals run
// while the lock is held.
func CallbackParams(fn *ssa.Function) ([]int, *model.Lock) {
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	var out []int
	var lock *model.Lock
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			l := callbackStore(st)
			if l == nil {
				continue
			}
			if p, ok := calls.Unwrap(st.Val).(*ssa.Parameter); ok {
				if i := slices.Index(fn.Params, p); i >= recv {
					out = append(out, i-recv)
					if lock == nil {
						lock = l
					}
				}
			}
		}
	}
	return out, lock
}

// fromCallback recognises a function stored into a lock's Callback field
// (client-go's LeaderCallbacks.OnStartedLeading).
func fromCallback(st *ssa.Store) *Section {
	lock := callbackStore(st)
	if lock == nil {
		return nil
	}
	var body *ssa.Function
	switch f := calls.Unwrap(st.Val).(type) {
	case *ssa.Function:
		body = f
	case *ssa.MakeClosure:
		body, _ = f.Fn.(*ssa.Function)
	}
	if body == nil || len(body.Blocks) == 0 {
		return nil
	}
	pos := st.Pos()
	if !pos.IsValid() {
		pos = body.Pos()
	}
	return &Section{Lock: lock, Fn: body, Pos: pos, whole: true}
}

// sqlSink reports whether a call runs SQL text and returns the text.
func sqlText(c *ssa.CallCommon, callee *types.Func) (string, *model.Sink, bool) {
	for _, sk := range model.KB.Sinks {
		if sk.Cond != model.CondSQL {
			continue
		}
		for _, f := range sk.Funcs {
			if f.Matches(callee) {
				q := calls.Arg(c, sk.Query)
				if text, ok := sqlcall.Text(q); ok {
					return text, sk, true
				}
				text := advisoryCallText(q)
				return text, sk, text != ""
			}
		}
	}
	return "", nil, false
}

// advisoryOpen matches the end of a constant prefix that opens an
// advisory-lock function call whose arguments are built at run time:
// `SELECT pg_try_advisory_lock(` + id.params() + `)`.
var advisoryOpen = regexp.MustCompile(`(?i)\b(pg_(try_)?advisory(_xact)?_(un)?lock(_shared)?|pg_advisory_unlock_all|get_lock|release_lock)\s*\(\s*$`)

// advisoryCallText returns, for statement text whose constant prefix ends
// by opening an advisory-lock call, that prefix with the call closed over a
// placeholder argument: enough to tell a lock from an unlock, while the key
// stays unknown. "" otherwise.
func advisoryCallText(q ssa.Value) string {
	prefix, ok := calls.ConstPrefix(q)
	if !ok || !advisoryOpen.MatchString(prefix) {
		return ""
	}
	return prefix + "$1)"
}

// fromSQL recognises advisory-lock statements (pg_advisory_lock,
// pg_advisory_xact_lock, pg_try_advisory_lock, GET_LOCK).
func fromSQL(fn *ssa.Function, call *ssa.Call, callee *types.Func) *Section {
	text, sink, ok := sqlText(&call.Call, callee)
	if !ok {
		return nil
	}
	stmt := sqlfence.Parse(text)
	var lockFn string
	for _, a := range stmt.Advisory {
		switch a.Func {
		case "pg_advisory_lock", "pg_advisory_xact_lock", "pg_try_advisory_lock", "pg_try_advisory_xact_lock", "get_lock":
			lockFn = a.Func
		}
	}
	if lockFn == "" {
		return nil
	}
	recv := calls.Receiver(&call.Call)
	s := &Section{Lock: model.KB.SQLLock, Fn: fn, Pos: call.Pos(), Call: call, Handle: recv}
	s.setScope(strings.Contains(lockFn, "xact"))
	try := strings.Contains(lockFn, "try") || lockFn == "get_lock"
	switch {
	case try && sink.Dest > 0:
		// Get(ctx, &acquired, "SELECT pg_try_advisory_lock($1)"): held
		// where the bool scanned into the destination is true, once the
		// call's error is nil.
		s.start = calls.Branch(loadedBool(call, calls.Arg(&call.Call, sink.Dest-1)))
	case try:
		s.start = calls.Branch(scannedBool(call))
	case sink.Dest > 0:
		s.start = errNilBranch(calls.Result(call, call.Call.Signature().Results().Len()-1))
	case call.Call.Signature().Results().Len() > 1:
		s.start = errNilBranch(calls.Result(call, call.Call.Signature().Results().Len()-1))
	default:
		s.start = errNilBranch(scanErr(call))
	}
	s.releases = releases(fn, func(c *ssa.CallCommon) bool { return sqlUnlock(c) || s.endsScope(c) })
	return s
}

// endsScope reports whether c ends what holds s's SQL advisory lock, and
// with it the lock: the commit or rollback of the transaction that holds
// a pg_advisory_xact_lock, or the close of a connection that is itself the
// session holding a session-level one (model.Sessions).
func (s *Section) endsScope(c *ssa.CallCommon) bool {
	if !s.Lock.InSQL || s.Handle == nil || !s.TxScoped && !s.Session {
		return false
	}
	ends := model.KB.Sessions.Closes
	if s.TxScoped {
		ends = model.KB.Sessions.TxEnds
	}
	return model.MatchesAny(ends, calls.Callee(c)) && calls.SameValue(calls.Receiver(c), s.Handle)
}

// setScope says what holds an SQL advisory lock taken on s.Handle: the
// transaction (pg_advisory_xact_lock), or the session of a pinned
// connection or transaction, or one connection of a pool.
func (s *Section) setScope(txScoped bool) {
	s.TxScoped = txScoped
	s.Pooled = !txScoped && isPool(s.Handle)
	s.Session = !txScoped && !s.Pooled && s.Handle != nil
}

// HoldsOn reports whether a statement on v runs on the transaction that
// holds s's pg_advisory_xact_lock, or on the pinned connection or
// transaction whose session holds its session-level advisory lock. Either
// lock ends only with its transaction or session, and a statement sent on
// one that has ended fails: the write cannot land after the lock is gone.
func (s *Section) HoldsOn(v ssa.Value) bool {
	return (s.TxScoped || s.Session) && calls.SameValue(v, s.Handle)
}

// OnOwnSession reports whether call, a statement on recv, runs inside one
// of secs (the sections of call's function) on the session that holds its
// advisory lock: a migration step that takes the lock on its connection
// and writes on it is fenced by that session whoever calls it.
func OnOwnSession(secs []*Section, call ssa.Instruction, recv ssa.Value) bool {
	return slices.ContainsFunc(secs, func(s *Section) bool { return s.Contains(call) && s.HoldsOn(recv) })
}

// isPool reports whether v is a connection pool (*sql.DB, *pgxpool.Pool),
// on which consecutive statements may use different connections.
func isPool(v ssa.Value) bool {
	if v == nil {
		return false
	}
	t := v.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return model.KB.IsPool(n.Obj().Pkg().Path(), n.Obj().Name())
}

// scanCall finds row.Scan(...) on the result of QueryRow.
func scanCall(row ssa.Value) *ssa.Call {
	if row == nil {
		return nil
	}
	for _, r := range *row.Referrers() {
		if c, ok := r.(*ssa.Call); ok && calls.Callee(&c.Call) != nil && calls.Callee(&c.Call).Name() == "Scan" {
			return c
		}
	}
	return nil
}

func scanErr(call *ssa.Call) ssa.Value {
	if c := scanCall(call); c != nil {
		return c
	}
	return nil
}

// scannedBool finds `var ok bool; row.Scan(&ok); if ok {...}` and returns
// the loaded bool (or, for GET_LOCK's 1, the comparison `n == 1` / `n != 1`)
// with the truth value that means success.
func scannedBool(call *ssa.Call) (ssa.Value, bool) {
	sc := scanCall(call)
	if sc == nil {
		return nil, true
	}
	elems, ok := calls.Variadic(calls.Arg(&sc.Call, 0))
	if !ok {
		// gorm's Scan(dest any): one destination, not a list.
		elems = []ssa.Value{calls.Unwrap(calls.Arg(&sc.Call, 0))}
	}
	for _, e := range elems {
		alloc, ok := e.(*ssa.Alloc)
		if !ok {
			continue
		}
		for _, r := range *alloc.Referrers() {
			if ld, ok := r.(*ssa.UnOp); ok && ld.Op == token.MUL && sc.Block().Dominates(ld.Block()) {
				if v, success, ok := boolOfLoad(ld); ok {
					return v, success
				}
			}
		}
	}
	return nil, true
}

// loadedBool is scannedBool for a call that scans into its destination
// argument dest (sqlx's Get(ctx, &ok, query)): the bool loaded from it
// after the call, or for GET_LOCK's 1 the comparison `n == 1` / `n != 1`.
func loadedBool(call *ssa.Call, dest ssa.Value) (ssa.Value, bool) {
	alloc, ok := calls.Unwrap(dest).(*ssa.Alloc)
	if !ok {
		return nil, true
	}
	for _, r := range *alloc.Referrers() {
		ld, ok := r.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL || !calls.Before(call, ld) {
			continue
		}
		if v, success, ok := boolOfLoad(ld); ok {
			return v, success
		}
	}
	return nil, true
}

// boolOfLoad returns the bool a load of a scanned destination gives, with
// the truth value that means success: the load itself when it is a bool,
// or for GET_LOCK's 1 the comparison `n == 1` / `n != 1` of it. ok is
// false when the load is neither.
func boolOfLoad(ld *ssa.UnOp) (v ssa.Value, success, ok bool) {
	if b, ok := ld.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
		return ld, true, true
	}
	for _, r := range *ld.Referrers() {
		if cmp, ok := r.(*ssa.BinOp); ok && (cmp.Op == token.EQL || cmp.Op == token.NEQ) {
			return cmp, cmp.Op == token.EQL, true
		}
	}
	return nil, false, false
}

// HeldAtReturn reports whether the function returns with the lock still
// held: no release, deferred or not, of this section's lock in its body.
// Such a function is an acquire wrapper for its callers.
func (s *Section) HeldAtReturn() bool {
	if s.whole || s.Call == nil || s.Extend || s.May || len(s.releases) > 0 {
		return false
	}
	if call, ok := s.Call.(*ssa.Call); ok && handedToGoroutine(call) {
		return false // go s.run(lock): the goroutine holds it, not the caller
	}
	for _, b := range s.Fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok {
				continue
			}
			if Releases(s.Lock, &d.Call) || s.endsScope(&d.Call) {
				return false // defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, key) too, or defer conn.Close(ctx) of the session
			}
			if call, ok := s.Call.(*ssa.Call); ok && (handleRelease(call, &d.Call) || pairedRelease(call, &d.Call)) {
				return false // defer lock.Release(ctx), defer locks.Release(ctx, key, token)
			}
			if s.cancel != nil && !d.Call.IsInvoke() && calls.SameValue(d.Call.Value, s.cancel) {
				return false // cleanup, err := lockFor(ctx); defer cleanup()
			}
			// defer func() { if e := p.Unlock(); e != nil { ... } }()
			acq, _ := s.Call.(*ssa.Call)
			if lit := d.Call.StaticCallee(); lit != nil && lit.Parent() != nil && litReleases(s.Lock, acq, lit, 0) {
				return false
			}
			if deferredHelperReleases(s, d) {
				return false // defer s.unlock(ctx), a function of this package that releases it (scope.go)
			}
		}
	}
	return ChainsWrappers(s.Lock)
}

// Releases reports whether a call gives l up: one of its release functions
// (for the lock of an inferred wrapper, also the functions of the
// wrapper's package that release the underlying lock), or, for an SQL
// advisory lock or a wrapper of one, an unlock statement.
func Releases(l *model.Lock, c *ssa.CallCommon) bool {
	return isRelease(l, c) || l.InSQL && sqlUnlock(c)
}

// maxReleaseNesting bounds how deeply nested function literals of a
// deferred closure are searched for the release: defer func() { ... }()
// holds it directly or one literal down.
const maxReleaseNesting = 3

// litReleases reports whether a function literal (a deferred closure)
// releases l, in its body or in the literals it contains.
func litReleases(l *model.Lock, acq *ssa.Call, lit *ssa.Function, depth int) bool {
	if depth > maxReleaseNesting {
		return false
	}
	for ci := range calls.In(lit) {
		if Releases(l, ci.Common()) || acq != nil && handleRelease(acq, ci.Common()) {
			return true
		}
	}
	for _, anon := range lit.AnonFuncs {
		if litReleases(l, acq, anon, depth+1) {
			return true
		}
	}
	return false
}

// handleRelease reports whether c calls a release-named method (Release,
// Unlock, ReleaseLock) on a result of the acquisition call: the handle an
// application's locker returns (lock, err := locker.Acquire(ctx, key,
// ttl); defer lock.Release(ctx)).
func handleRelease(acq *ssa.Call, c *ssa.CallCommon) bool {
	var name string
	switch {
	case c.IsInvoke():
		name = c.Method.Name()
	case c.StaticCallee() != nil && c.Signature().Recv() != nil:
		name = c.StaticCallee().Name()
	default:
		return false
	}
	return vocab.ReleaseVerb.Match(name) && resultOf(calls.Receiver(c), acq)
}

// pairedRelease reports whether c releases what acq, a call of a
// package-level acquire function, took: a function of the same package
// named as a release (locks.Acquire(ctx, key, ttl) ... defer
// locks.Release(ctx, key, token)) handed the same key or what the
// acquisition returned.
func pairedRelease(acq *ssa.Call, c *ssa.CallCommon) bool {
	af, rf := calls.Callee(&acq.Call), calls.Callee(c)
	if af == nil || rf == nil || af.Pkg() == nil || af.Pkg() != rf.Pkg() || c.Signature().Recv() != nil || !vocab.ReleaseVerb.Match(rf.Name()) {
		return false
	}
	acqArgs := calls.Args(&acq.Call)
	return slices.ContainsFunc(calls.Args(c), func(v ssa.Value) bool {
		if _, isCtx := v.Type().Underlying().(*types.Interface); isCtx {
			return false // an interface both are given (the context, a client) names no key
		}
		return resultOf(v, acq) || slices.ContainsFunc(acqArgs, func(a ssa.Value) bool { return calls.SameValue(a, v) })
	})
}

// handedToGoroutine reports whether a result of the acquisition is passed
// to a goroutine (go s.run(ctx, lock)), which then holds the lock.
func handedToGoroutine(acq *ssa.Call) bool {
	for _, b := range acq.Parent().Blocks {
		for _, instr := range b.Instrs {
			g, ok := instr.(*ssa.Go)
			if !ok {
				continue
			}
			if slices.ContainsFunc(calls.Args(&g.Call), func(v ssa.Value) bool { return resultOf(v, acq) }) {
				return true
			}
		}
	}
	return false
}

// resultOf reports whether v is a result of call, directly, converted, or
// merged with other values (var l Lock; if ... { l, err = Acquire() }).
func resultOf(v ssa.Value, call *ssa.Call) bool {
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		v = calls.Unwrap(v)
		if v == nil || seen[v] || depth > maxResultDepth {
			return false
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Call:
			return x == call
		case *ssa.Extract:
			return x.Tuple == call
		case *ssa.Phi:
			for _, e := range x.Edges {
				if walk(e, depth+1) {
					return true
				}
			}
		case *ssa.UnOp:
			// A variable a closure captures lives in a cell: what was
			// stored into it (defer func() { lock.Release(ctx) }()).
			cell := x.X
			if fv, ok := cell.(*ssa.FreeVar); ok {
				cell = calls.Binding(fv)
			}
			alloc, ok := cell.(*ssa.Alloc)
			if x.Op != token.MUL || !ok {
				return false
			}
			for _, r := range *alloc.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == alloc && walk(st.Val, depth+1) {
					return true
				}
			}
		}
		return false
	}
	return walk(v, 0)
}

// maxResultDepth bounds the phis resultOf looks through.
const maxResultDepth = 4

// ChainsWrappers reports whether a function that returns with l held is an
// acquire wrapper: l has a release, is an SQL advisory lock, or is itself
// the lock of such a wrapper.
func ChainsWrappers(l *model.Lock) bool {
	return len(l.Release) > 0 || l.Mirror != nil && len(l.Mirror.Release) > 0 || l.InSQL || l.Chains
}

// comparedWithSentinel reports whether an error result is compared with a
// non-nil error value (err == ErrX, err != ErrX, errors.Is(err, ErrX)).
func comparedWithSentinel(v ssa.Value) bool {
	if v == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.BinOp:
			if (x.Op == token.EQL || x.Op == token.NEQ) && !isNil(x.X, x.Y) {
				return true
			}
		case *ssa.Call:
			if fn := calls.Callee(&x.Call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && (fn.Name() == "Is" || fn.Name() == "As") {
				return true
			}
		}
	}
	return false
}

// maxSentinelBlocks bounds the blocks sentinelJoins visits backwards from
// the start of a section: the error test and the sentinel comparison are a
// few blocks apart.
const maxSentinelBlocks = 64

// sentinelJoins reports whether start, the block entered when the
// acquisition's error is nil, can also be entered, other than from the nil
// test, along a path that went through a branch on a sentinel comparison of
// errv: the sentinel then decides that the lock was not acquired on the
// path that continues into the section.
func sentinelJoins(start, test, callBlock *ssa.BasicBlock, errv ssa.Value) bool {
	seen := map[*ssa.BasicBlock]bool{start: true, test: true, callBlock: true}
	var queue []*ssa.BasicBlock
	for _, p := range start.Preds {
		if p != test && !seen[p] {
			seen[p] = true
			queue = append(queue, p)
		}
	}
	for n := 0; len(queue) > 0 && n < maxSentinelBlocks; n++ {
		b := queue[0]
		queue = queue[1:]
		if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && isSentinelTest(iff.Cond, errv) {
			return true
		}
		for _, p := range b.Preds {
			if !seen[p] {
				seen[p] = true
				queue = append(queue, p)
			}
		}
	}
	return false
}

// isSentinelTest reports whether cond compares errv with a non-nil error
// (err == ErrX, err != ErrX, errors.Is(err, ErrX), or their negation).
func isSentinelTest(cond, errv ssa.Value) bool {
	switch x := cond.(type) {
	case *ssa.UnOp:
		return x.Op == token.NOT && isSentinelTest(x.X, errv)
	case *ssa.BinOp:
		return (x.Op == token.EQL || x.Op == token.NEQ) && !isNil(x.X, x.Y) && (x.X == errv || x.Y == errv)
	case *ssa.Call:
		fn := calls.Callee(&x.Call)
		return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && (fn.Name() == "Is" || fn.Name() == "As") &&
			len(x.Call.Args) > 0 && x.Call.Args[0] == errv
	}
	return false
}

// mayHold returns the section that follows a conditional acquisition: the
// code where the paths that acquired the lock (and left the section
// without releasing it) join the paths that never tried. Only the shape
// "if cond { acquire; on failure leave }" counts: every other way into the
// join must come from the section itself, so that a failed acquisition
// carrying on (if err != nil { log }) never makes a "may hold" section, and
// the join must not lead back to the acquisition (a loop). The section
// ends where the lock is released on any path.
func (s *Section) mayHold() *Section {
	if s.whole || s.Extend || s.May || s.Call == nil {
		return nil
	}
	callBlock := s.Call.Block()
	first := s.start
	if first == nil {
		first = callBlock
	} else if len(first.Preds) > 1 {
		return nil // a failure path joins the success path (if err != nil { log })
	}
	fn := s.Fn
	fromCall := reachable(callBlock)
	if fromCall[callBlock] {
		return nil // the acquisition is in a loop
	}
	// The joins: blocks outside the section entered from inside it.
	var joins []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		if !first.Dominates(b) {
			continue
		}
		for _, j := range b.Succs {
			if !first.Dominates(j) && !slices.Contains(joins, j) {
				joins = append(joins, j)
			}
		}
	}
	blocks := map[*ssa.BasicBlock]bool{}
	for _, j := range joins {
		skip, ok := false, true
		for _, p := range j.Preds {
			switch {
			case first.Dominates(p):
			case p != callBlock && !fromCall[p]:
				skip = true // a path that never tried to acquire
			default:
				ok = false // a failed acquisition carrying on
			}
		}
		if !skip || !ok || reachable(j)[callBlock] {
			continue
		}
		maps.Copy(blocks, s.heldBlocks(j))
	}
	if len(blocks) == 0 {
		return nil
	}
	return &Section{Lock: s.Lock, Fn: fn, Pos: s.Pos, Call: s.Call, Handle: s.Handle, TxScoped: s.TxScoped,
		Pooled: s.Pooled, Session: s.Session, May: true, blocks: blocks, releases: s.releases}
}

// reachable returns the blocks reachable from b's successors.
func reachable(b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := slices.Clone(b.Succs)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, x.Succs...)
	}
	return seen
}

// failureJoins reports whether start, where the acquisition is known to
// have succeeded, is also entered from the acquisition's failure branch:
// besides the edge that tested success, another path that went through the
// acquiring call joins it (if err != nil { log(err) }, then on).
func failureJoins(start, callBlock *ssa.BasicBlock) bool {
	if len(start.Preds) < 2 {
		return false
	}
	fromCall := reachable(callBlock)
	if fromCall[callBlock] {
		return false // the acquisition is in a loop
	}
	n := 0
	for _, p := range start.Preds {
		if (p == callBlock || fromCall[p]) && !start.Dominates(p) && !endsHere(p) {
			n++
		}
	}
	return n >= 2
}

// endsHere reports whether b calls a function that never returns (os.Exit,
// log.Fatal, runtime.Goexit, a test's t.Fatal): go/ssa still lets b fall
// through to its successor, but nothing after the call runs, so a failure
// branch ending in one does not carry on into the work.
func endsHere(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		c, ok := instr.(*ssa.Call)
		if !ok {
			continue
		}
		if fn := calls.Callee(&c.Call); fn != nil && (model.MatchesAny(model.KB.ProcessExits, fn) || model.MatchesAny(model.KB.GoroutineExits, fn)) {
			return true
		}
	}
	return false
}

// skipsAcquisition reports whether start, where the acquisition is known to
// have succeeded, is also entered by a path that never reached the
// acquiring call.
func skipsAcquisition(start, callBlock *ssa.BasicBlock) bool {
	if len(start.Preds) < 2 {
		return false
	}
	fromCall := reachable(callBlock)
	if fromCall[callBlock] {
		return false // the acquisition is in a loop: every path may have reached it
	}
	for _, p := range start.Preds {
		if p != callBlock && !fromCall[p] {
			return true
		}
	}
	return false
}

// heldBlocks returns the blocks dominated by j that no release of the
// section can precede: nothing at or after a release is held, on any path.
func (s *Section) heldBlocks(j *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	blocks := map[*ssa.BasicBlock]bool{}
	for _, b := range s.Fn.Blocks {
		if j.Dominates(b) {
			blocks[b] = true
		}
	}
	for _, r := range s.releases {
		for b := range reachable(r.Block()) {
			delete(blocks, b)
		}
		delete(blocks, r.Block())
	}
	return blocks
}

// sqlUnlock reports whether a call runs an advisory-lock release statement
// (pg_advisory_unlock, RELEASE_LOCK).
func sqlUnlock(c *ssa.CallCommon) bool {
	t, _, ok := sqlText(c, calls.Callee(c))
	if !ok {
		return false
	}
	return slices.ContainsFunc(sqlfence.Parse(t).Advisory, func(a sqlfence.AdvisoryCall) bool {
		return strings.Contains(a.Func, "unlock") || a.Func == "release_lock"
	})
}

// claimsLock reports whether a create-if-absent claim (Lock.Claim) takes a
// lock: the same transaction makes unique keys, barriers and service
// registrations, so it needs a lock's evidence: its key is named like a
// lock's, or the function that makes it (or its receiver's type) is.
func claimsLock(fn *ssa.Function, call *ssa.Call, l *model.Lock) bool {
	if key := storecond.TxnClaimKey(calls.Receiver(&call.Call), l.Claim); key != nil && valuename.LockKey(key) {
		return true
	}
	for f := fn; f != nil; f = f.Parent() {
		if vocab.Lease.Match(f.Name()) {
			return true
		}
		if recv := f.Signature.Recv(); recv != nil {
			if n := calls.ElemNamed(recv.Type()); n != nil && vocab.Lease.Match(n.Obj().Name()) {
				return true
			}
		}
	}
	return false
}
