package fences

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/recordwrite"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// underTest reports whether e is a write of the code under test reached
// from a critical section a test opens (a test that holds a lock to
// simulate contention, then calls the code under test): the test runs in
// one process against its fixtures, and the code under test is judged in
// its own files, where its writes are (engine/testcode.go). A write the
// test makes itself is still judged.
func (c *Checker) underTest(sec *section.Section, e *effect.Effect) bool {
	fset := c.u.Pass.Fset
	return e.Call != nil && calls.InTestFile(fset, sec.Pos) && !calls.InTestFile(fset, e.Call.Pos())
}

// Judge turns an effect inside a section into a finding, unless the effect
// is safe in this section.
//
// It gives one diagnosis of one effect in one section, the most specific
// that applies: the effect cannot carry a token (FC1003), a lease check
// guards it (FC2001), the fence is compared in two steps (FC2002), or it
// is plainly unfenced (FC1001). This order is a property of the effect,
// not precedence between findings: the same call site can lead to several
// effects, and the findings of different effects, sections and checks
// about one problem are reconciled once, by finish (checks.Supersedes).
func (c *Checker) Judge(sec *section.Section, e *effect.Effect, site ssa.CallInstruction, path *section.Path) {
	if sec.CheckName != "" {
		c.judgeChecked(sec, e, site, path)
		return
	}
	switch {
	case sec.Forever:
		return // a lock with no expiry: no successor can take it while this holder runs (section.Section.Forever)
	case c.underTest(sec, e):
		return // a test's lock around a call of the code under test: that code's writes are judged in its own files
	case sec.Lock.Table != "" && e.Table == sec.Lock.Table:
		return // the lease row's own bookkeeping (renewal, release), fenced or not: FC5002 judges a renewal's outcome
	case e.Verdict == effect.Carried:
		if !sec.May {
			c.judgeOutcome(sec, e, site)
		}
		return
	case e.Call != nil && path.OnSession(sec, c.lockedIn, e.Call, e.Receiver):
		return // the transaction or session that holds an advisory lock: the lock ends only with it, and so do its writes
	case e.Call != nil && path.NilOnly(sec, c.lockedIn, e.Call):
		return // runs only when the transaction holding the advisory lock is nil: the lock is not held there
	case e.Sink.OwnKey && lockKeyText(sec) != "" && kvKey(e) == lockKeyText(sec):
		return // the lock's own key (an operator poke, waking the monitor): a lock operation
	case holderChecked(e):
		return // the write compares the record's holder: the store refuses it once another holder took the record (checked.go)
	case recordwrite.LockedFirst(e):
		return // the row was locked FOR UPDATE on the write's transaction by a read that checked its state: a compare-and-set on the record
	case c.txGuarded(e) || TxFenced(e, path, c.u.Tokens):
		return // a checked guard-row or holder-checked statement fences the transaction (txfence.go)
	case sec.Lock.Held == model.HeldByKey && e.Key != nil && (calls.SameKey(e.Key, sec.Handle) || calls.SameKey(path.Value(e.Key), sec.Handle)):
		return // the lock's own key: release or extension (also in a watchdog literal), not a protected write
	case OtherRecord(sec, e, path):
		return // keyed by another record the lock's record refers to: state this lock does not cover (entity.go)
	case identityNamespaced(e, site):
		return // written under the holder's own key: a stale holder cannot overwrite the current one's
	case e.Verdict == effect.Cannot && c.fencedByDependence(e):
		return // a message sent only if the conditional write of what it announces took effect
	case c.claimed(e, site):
		return // runs at most once per record: a one-way claim, or only after one took effect (dependence.go)
	case renewsLease(e) || HolderScript(e, c.u.Scripts()):
		return // the lease's own heartbeat or expiry moved forward, or a script that compares the key's holder: the lock's protocol (renewal.go)
	case InvalidatesCache(e):
		return // a cache entry deleted: the next reader refills it (invalidation.go)
	case FillsCache(e, site):
		return // a read-through cache filled on a miss: a copy of the source, not a successor's work (cachefill.go)
	case CacheStore(e):
		return // a key written by a cache's own code: a cache entry, a copy of the source (cachefill.go)
	case UndoesMarker(e):
		return // this run's own de-duplication marker taken back after its work failed (marker.go)
	case c.freshKeyed(e):
		return // a record this run created: a stale holder can duplicate work, not overwrite a successor's (fresh.go)
	case c.converge.Converges(e):
		return // repeated late, it leaves what the current holder's run leaves: an HTTP DELETE, a constant marker, a content-addressed object (converge.go)
	}
	fset := c.u.Pass.Fset
	at := fset.Position(sec.Pos)
	pos := e.Call.Pos()
	target := effectAt(fset, e)
	var related []analysis.RelatedInformation
	related = append(related, analysis.RelatedInformation{Pos: sec.Pos, Message: sec.Lock.Lib + " " + taken(sec) + " here"})
	switch {
	case e.Where != "":
		related = append(related, frames(path, site, e.Call)...)
		if site != nil && site != e.Call {
			// Reached through this package's functions first (go
			// s.run(...) -> s.assets.Update(...)): the call that leaves
			// the package is part of the path.
			related = append(related, analysis.RelatedInformation{Pos: e.Call.Pos(), Message: "called here, in " + e.Call.Parent().Name()})
		}
		related = append(related, analysis.RelatedInformation{Pos: writeAt(fset, e), Message: fmt.Sprintf("the write happens in %s (%s)", e.Callee.FullName(), e.Where)})
		if site != nil {
			pos = site.Pos()
		}
	case site != nil:
		related = append(related, frames(path, site, e.Call)...)
		related = append(related, analysis.RelatedInformation{Pos: e.Call.Pos(), Message: "the write happens here, in " + e.Call.Parent().Name()})
		pos = site.Pos()
	}
	var fence string
	if sec.Lock.Fence.Accessor != "" {
		fence = sec.Lock.Fence.Expr(c.u.HandleText(sec)) + " is available: " + e.Advice()
	} else {
		fence = sec.Lock.Fence.None
	}
	if sec.Pooled {
		fence = "pg_advisory_lock on a connection pool is held by one pooled connection, not necessarily the one running this write; " + fence
	}
	callThrough := ""
	switch {
	case e.Where != "":
		callThrough = fmt.Sprintf(" (in %s, called here)", e.Callee.Name())
	case site != nil:
		callThrough = " (reached through this call)"
	}
	where := fmt.Sprintf("%s (%s)%s under the %s %s at %s:%d", e.What, e.Via(), callThrough, sec.Lock.Lib, taken(sec), filepath.Base(at.Filename), at.Line)
	switch {
	case sec.May:
		where = fmt.Sprintf("%s (%s)%s runs where the %s is only sometimes held (acquired at %s:%d on some paths only, and still held here when it was)",
			e.What, e.Via(), callThrough, sec.Lock.Lib, filepath.Base(at.Filename), at.Line)
	case sec.FailureJoins:
		where = fmt.Sprintf("%s (%s)%s runs whether or not the %s acquired at %s:%d was obtained (a failed acquisition is handled and the code carries on)",
			e.What, e.Via(), callThrough, sec.Lock.Lib, filepath.Base(at.Filename), at.Line)
		fence = "stop when the acquisition fails (return its error), and carry the token: " + fence
	}
	if e.Verdict == effect.Cannot {
		msg := where + " cannot carry a fencing token, so a holder paused past its lease would repeat it after a new holder took over; " +
			"record it in an outbox row written with a fenced statement, or give it an idempotency key / deduplication id the receiver enforces"
		c.u.Report(unit.Finding{Code: checks.UnfenceableEffect, Pos: pos, Message: msg, Related: related, Key: pos, Target: target})
		// Also FC1001's below: the catalog's precedence keeps FC1003 when
		// it is selected, and the unfenced write when it is switched off.
	}
	if chk := c.guard(sec, e, site); chk != nil {
		// The write is also what the checks below say it is; the catalog's
		// precedence keeps FC2001 alone when it is selected, and the other
		// finding when FC2001 is switched off.
		cp := fset.Position(chk.Pos())
		guarded := append(slices.Clip(related), analysis.RelatedInformation{Pos: chk.Pos(), Message: "lease checked here"})
		msg := fmt.Sprintf("%s is guarded by a lease check (%s at %s:%d) that does not close the race: the process can pause and the lease expire between the check and the write; %s",
			where, calls.Callee(&chk.Call).Name(), filepath.Base(cp.Filename), cp.Line, "carry the fencing token instead: "+fence)
		c.u.Report(unit.Finding{Code: checks.CheckThenAct, Pos: pos, Message: msg, Related: guarded, Key: pos, Target: target})
	}
	sp, locked := splitFence(e)
	if locked {
		return // the row was read FOR UPDATE on the write's transaction and compared
	}
	if sp != nil {
		rp, cp := fset.Position(sp.read.Pos()), fset.Position(sp.compare.Pos())
		split := append(slices.Clip(related),
			analysis.RelatedInformation{Pos: sp.read.Pos(), Message: sp.column + " read here"},
			analysis.RelatedInformation{Pos: sp.compare.Pos(), Message: "compared in Go here"})
		msg := fmt.Sprintf("%s checks the fence in two steps: %s is read at %s:%d and compared in Go at %s:%d, but the write itself does not compare it, so another holder can write between the read and the write; compare the token in the write's WHERE clause (AND %s <= $n) and check the rows affected, or read with SELECT ... FOR UPDATE in the same transaction",
			where, sp.column, filepath.Base(rp.Filename), rp.Line, filepath.Base(cp.Filename), cp.Line, sp.column)
		c.u.Report(unit.Finding{Code: checks.SplitFenceCheck, Pos: pos, Message: msg, Related: split, Key: pos, Target: target})
		// FC1001's too: kept when FC2002 is switched off (precedence).
	}
	msg := fmt.Sprintf("%s does not carry the fencing token: %s, so a holder paused past its lease would still apply it; %s", where, e.Describe(), fence)
	c.u.Report(unit.Finding{Code: checks.UnfencedWrite, Pos: pos, Message: msg, Related: related, Key: pos, Target: target})
}

// effectAt is where an effect is, for Finding.Target: the write in the
// summarised callee, or the call itself.
func effectAt(fset *token.FileSet, e *effect.Effect) token.Pos {
	if e.Where != "" {
		return writeAt(fset, e)
	}
	return e.Call.Pos()
}

// frames returns the calls between site (the call in the section's own
// function at which a finding is reported) and the effect's call, as
// related information, outermost first: the way the walk went down
// (lock -> reapStuckJobs() -> requeueStuckJob() -> store.UpdateJob()), so
// that a reader, and a tool matching locations, sees every frame of a write
// two or more calls below the lock, not only its two ends. None when site
// is not on the walk's path (a write in a function literal of the
// section's own function, reported where it is).
func frames(path *section.Path, site, effectCall ssa.CallInstruction) []analysis.RelatedInformation {
	if site == nil {
		return nil
	}
	chain := path.Calls()
	i := slices.Index(chain, site)
	if i < 0 {
		return nil
	}
	var out []analysis.RelatedInformation
	for _, ci := range chain[i+1:] {
		if ci == effectCall {
			continue
		}
		out = append(out, analysis.RelatedInformation{Pos: ci.Pos(), Message: "called here, in " + ci.Parent().Name()})
	}
	return out
}

// lockedIn returns the sections of fn with a lock in view.
func (c *Checker) lockedIn(fn *ssa.Function) []*section.Section { return c.locked[fn] }

// guard returns the validity check guarding an effect, looking both in the
// effect's own function and at the call through which it was reached.
func (c *Checker) guard(sec *section.Section, e *effect.Effect, site ssa.CallInstruction) *ssa.Call {
	if chk := guardingCheck(sec, e.Call, c.u.IsCustomCheck, c.guards); chk != nil {
		return chk
	}
	if site != nil {
		return guardingCheck(sec, site, c.u.IsCustomCheck, c.guards)
	}
	return nil
}

// judgeOutcome reports a fenced write whose outcome is never checked
// (FC1002): the resource rejects the stale write, but the holder carries on
// as if it had written.
func (c *Checker) judgeOutcome(sec *section.Section, e *effect.Effect, site ssa.CallInstruction) {
	ignored, what := outcomeIgnored(e)
	if !ignored {
		return
	}
	pos := e.Call.Pos()
	at := c.u.Pass.Fset.Position(sec.Pos)
	carries := "carries the fencing token"
	if e.Versioned {
		carries = "is conditional on the row's version"
	}
	msg := fmt.Sprintf("%s (%s) under the %s %s at %s:%d %s but its outcome is never checked: when the resource rejects a stale holder nothing is written and the code carries on as if it had; read %s and stop when nothing was written",
		e.What, e.Via(), sec.Lock.Lib, taken(sec), filepath.Base(at.Filename), at.Line, carries, what)
	related := []analysis.RelatedInformation{{Pos: sec.Pos, Message: sec.Lock.Lib + " " + taken(sec) + " here"}}
	if site != nil {
		related = append(related, analysis.RelatedInformation{Pos: site.Pos(), Message: "reached through this call"})
	}
	c.u.Report(unit.Finding{Code: checks.UncheckedFence, Pos: pos, Message: msg, Related: related, Key: pos})
}

// txGuarded reports whether an unfenced SQL write runs on a transaction
// that also executes a fenced guard-row statement whose outcome is checked
// (UPDATE fences SET token = $1 WHERE name = $2 AND token <= $1): the
// transaction commits only if the token is current, which fences every
// statement in it.
func (c *Checker) txGuarded(e *effect.Effect) bool {
	if e.Stmt == nil || e.Receiver == nil || !isTx(e.Receiver.Type()) {
		return false
	}
	fn := e.Call.Parent()
	toks := c.u.Tokens(fn)
	for ci := range calls.In(fn) {
		if ci == e.Call || !calls.SameValue(calls.Receiver(ci.Common()), e.Receiver) {
			continue
		}
		if g := effect.Classify(ci, toks); g != nil && g.Verdict == effect.Carried {
			if ignored, _ := outcomeIgnored(g); !ignored {
				return true
			}
		}
	}
	return false
}

func isTx(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "Tx"
}

// lockKeyText returns the constant key of a section whose lock handle was
// made from its key (Lock.KeyFrom: Consul's c.LockKey("key")), or "".
func lockKeyText(sec *section.Section) string {
	if sec.Handle == nil {
		return ""
	}
	ext, ok := calls.Unwrap(sec.Handle).(*ssa.Extract)
	if !ok {
		return ""
	}
	call, ok := ext.Tuple.(*ssa.Call)
	if !ok || !slices.ContainsFunc(sec.Lock.KeyFrom, func(f model.Func) bool { return f.Matches(calls.Callee(&call.Call)) }) {
		return ""
	}
	k, _ := calls.ConstString(calls.Arg(&call.Call, 0))
	return k
}

// kvKey returns the constant key a KV write touches: its argument 0 (Consul
// KV Delete/DeleteTree), or the Key field of the struct literal given
// there (the KVPair given to Put).
func kvKey(e *effect.Effect) string {
	arg := calls.Arg(e.Call.Common(), 0)
	if k, ok := calls.ConstString(arg); ok {
		return k
	}
	alloc, ok := calls.Unwrap(arg).(*ssa.Alloc)
	if !ok {
		return ""
	}
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		st := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if st.Field(fa.Field).Name() != "Key" {
			continue
		}
		for _, r2 := range *fa.Referrers() {
			if store, ok := r2.(*ssa.Store); ok {
				if k, ok := calls.ConstString(store.Val); ok {
					return k
				}
			}
		}
	}
	return ""
}

// taken says how the section's lock came to be held: "acquired", or
// "extended" for a section that starts at a successful extension.
func taken(sec *section.Section) string {
	switch {
	case sec.Extend:
		return "extended"
	case sec.May:
		return "acquired on some paths only"
	}
	return "acquired"
}

// writeAt returns the position of a summarised effect's line (e.Where,
// "node.go:19") when it is in the file that declares e.Callee, else the
// declaration: the related location then points at the line that writes.
// A file read from export data has a line table only up to its last
// declaration; its positions are one byte per line (go/types' fake
// files), so a line past the table is the file's base plus the line.
func writeAt(fset *token.FileSet, e *effect.Effect) token.Pos {
	decl := e.Callee.Pos()
	tf := fset.File(decl)
	file, line, ok := strings.Cut(e.Where, ":")
	if tf == nil || !ok || filepath.Base(tf.Name()) != file {
		return decl
	}
	n, err := strconv.Atoi(line)
	switch {
	case err != nil || n < 1:
		return decl
	case n <= tf.LineCount():
		return tf.LineStart(n)
	case n <= tf.Size():
		return token.Pos(tf.Base() + n - 1)
	}
	return decl
}
