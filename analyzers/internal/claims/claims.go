// Package claims judges how a program claims a lock it keeps itself, in a
// store: a Redis key, a row of a lock table. A claim is safe only as one
// atomic conditional write, which the store decides: SET NX, or an UPDATE
// whose WHERE says that the record is free or expired (and whose rows
// affected are checked). A read of the lock's record followed by a plain
// write of it, taken on what the read returned, is a racy claim (FC2001):
// two claimants can both read "free" and both write "mine", and both go on
// as the holder.
//
// A cache fill has the same shape (GET, miss, SET), so a claim needs
// evidence that the record is a lock's: a key or table named like one, or
// a key the package otherwise uses only as a lock's key, and, for a row,
// a write that assigns the holder or the lease's expiry.
package claims

import (
	"fmt"
	"go/token"
	"path/filepath"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlcall"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Check reports the racy claims of a package.
func Check(u *unit.Unit) {
	writers, readers := objectWriters(u.Funcs), objectReaders(u.Funcs)
	exportRowFacts(u)
	staleTakeovers(u)
	paths := u.Paths()
	for _, fn := range u.Funcs {
		if calls.InTestFile(u.Pass.Fset, fn.Pos()) || inTransaction(fn) {
			continue
		}
		c := &claimer{u: u, fn: fn, paths: paths}
		c.collect()
		c.redis()
		c.sql()
		c.insertClaims()
		c.documentClaims()
		c.lockFiles()
		c.objects(writers, readers)
		c.generic()
	}
}

// claimer looks at one function.
type claimer struct {
	u     *unit.Unit
	fn    *ssa.Function
	paths *leaserec.Paths // the package's lock file paths

	redisReads []keyed // GETs
	redisSets  []keyed // SETs without NX
	redisTTLs  []keyed // EXPIREs
	sqlReads   []stmt  // SELECTs without FOR UPDATE
	sqlWrites  []stmt  // UPDATEs
}

type keyed struct {
	call *ssa.Call
	key  ssa.Value
}

type stmt struct {
	call *ssa.Call
	st   *sqlfence.Statement
	via  string
}

func (c *claimer) collect() {
	for _, b := range c.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			cc := &call.Call
			if k := calls.RedisRead(cc); k != nil {
				c.redisReads = append(c.redisReads, keyed{call, k})
			}
			if k := calls.RedisPlainSet(cc); k != nil {
				c.redisSets = append(c.redisSets, keyed{call, k})
			}
			if k := calls.RedisExpire(cc); k != nil {
				c.redisTTLs = append(c.redisTTLs, keyed{call, k})
			}
			sink := effect.SQLSink(cc)
			if sink == nil {
				continue
			}
			sc, ok := sqlcall.Read(cc, sink.Query, sink.Args, nil)
			if !ok {
				continue
			}
			st := sc.Parse()
			via := sink.Family + " " + calls.Callee(cc).Name()
			if r := model.RecvName(calls.Callee(cc)); r != "" {
				via = sink.Family + " " + r + "." + calls.Callee(cc).Name()
			}
			switch {
			case st.Kind == sqlfence.Read && st.Table != "":
				c.sqlReads = append(c.sqlReads, stmt{call, st, via})
			case st.Kind == sqlfence.Write && st.Verb == "UPDATE":
				c.sqlWrites = append(c.sqlWrites, stmt{call, st, via})
			}
		}
	}
}

// redis reports a SET without NX of a lock's key taken on what a GET of
// the same key returned.
func (c *claimer) redis() {
	for _, set := range c.redisSets {
		if !c.lockKey(set.key) {
			continue
		}
		for _, get := range c.redisReads {
			if !calls.SameKey(get.key, set.key) || !calls.DecidedBy(set.call, get.call, get.call) {
				continue
			}
			c.report(set.call, get.call, fmt.Sprintf(
				"SET of the lock key %s takes the lock on what the GET at %s read: two claimants can both read it free and both set it, and both go on as the holder; claim it in one atomic step (SET key value NX with an expiry) and act only if that succeeded",
				keyText(set.key), c.where(get.call.Pos())))
			break
		}
	}
	c.redisRenewals()
}

// redisRenewals reports an EXPIRE of a lock's key taken on what a GET of
// the same key returned (the value compared with this holder's): a
// renewal in two steps. The key can expire and another claimant take it
// between the GET and the EXPIRE, and the EXPIRE then extends the other
// holder's lock while this one goes on as the holder: both believe they
// hold it. This is the racy renewal, not a dropped outcome: the
// EXPIRE's own bool, true for the other holder's key, would not tell
// either (lifecycle leaves this EXPIRE to this check).
func (c *claimer) redisRenewals() {
	for _, exp := range c.redisTTLs {
		if !c.lockKey(exp.key) && !c.claimedKey(exp.key) {
			continue
		}
		get := calls.RedisReadDeciding(exp.call, exp.key)
		if get == nil {
			continue
		}
		c.report(exp.call, get, fmt.Sprintf(
			"EXPIRE of the lock key %s renews the lock on what the GET at %s read: the key can expire and another process take it between the GET and the EXPIRE, and this EXPIRE then extends the other holder's lock while this process goes on as the holder, so both act as the holder; renew in one atomic step with a script that compares the value first (%s) and stop the work when it returns 0",
			keyText(exp.key), c.where(get.Pos()), model.CompareAndExpireScript))
	}
}

// sql reports an UPDATE of a lock row, assigning its holder or its
// expiry with no condition on either, taken on what a SELECT of the same
// table returned.
func (c *claimer) sql() {
	for _, w := range c.sqlWrites {
		if !vocab.LockTable.Match(w.st.Table) || !claimsRow(w.st) || conditional(w.st) {
			continue
		}
		for _, r := range c.sqlReads {
			if r.st.Table != w.st.Table || !calls.DecidedBy(w.call, r.call, r.call) {
				continue
			}
			c.report(w.call, r.call, fmt.Sprintf(
				"UPDATE %s (%s) takes the lock row on what the SELECT at %s read, with no condition on its holder or expiry: two claimants can both read it free and both write it, and both go on as the holder; make the claim one statement (UPDATE ... WHERE name = $1 AND (owner IS NULL OR expires_at < now())) and act only if it changed a row, or read it with SELECT ... FOR UPDATE in the same transaction",
				w.st.Table, w.via, c.where(r.call.Pos())))
			break
		}
	}
}

// claimsRow reports whether an UPDATE writes who holds the row or until
// when: a claim, not a status change.
func claimsRow(st *sqlfence.Statement) bool {
	return slices.ContainsFunc(st.Assigned, func(col string) bool {
		return vocab.Lease.Match(col) || vocab.Validity.Match(col)
	})
}

// conditional reports whether the UPDATE's own condition decides the
// claim: it compares a holder, a version or an expiry column, or the
// database's clock.
func conditional(st *sqlfence.Statement) bool {
	if len(st.Clock) > 0 {
		return true
	}
	return slices.ContainsFunc(st.Guards, func(g sqlfence.Guard) bool { return vocab.ReleaseOwner.Match(g.Column) })
}

// lockKey reports whether a Redis key is a lock's: named like one, or
// used by the package only as a lock's key is.
func (c *claimer) lockKey(key ssa.Value) bool {
	if p, ok := calls.ConstPrefix(key); ok && vocab.LockKey.Match(p) {
		return true
	}
	if _, hint := calls.KeyID(key); hint != "" && vocab.LockName.Match(hint) {
		return true
	}
	return c.u.KeyEvidence(c.fn, key)
}

// claimedKey reports whether the package claims key, by its identity (a
// constant, a package variable, a struct field: calls.KeyID), with a SET
// NX somewhere: the key an elector's TryAcquire takes and its Renew
// extends.
func (c *claimer) claimedKey(key ssa.Value) bool {
	id, _ := calls.KeyID(key)
	if id == "" {
		return false
	}
	for _, s := range c.u.Index.Sites() {
		call, ok := s.Call.(*ssa.Call)
		if !ok {
			continue
		}
		if kl := calls.KeyHeldAcquire(&call.Call); kl != nil {
			if k, _ := calls.KeyID(calls.FlatArg(&call.Call, kl.Handle)); k == id {
				return true
			}
		}
	}
	return false
}

func (c *claimer) report(write, read *ssa.Call, msg string) {
	// Keyed by the read: the problem is the pair, and a wall-clock decision
	// between them (FC4001, keyed by the write) is another problem.
	pos := write.Pos()
	c.u.Report(unit.Finding{Code: checks.CheckThenAct, Pos: pos, End: pos, Key: read.Pos(), Message: msg,
		Related: []analysis.RelatedInformation{{Pos: read.Pos(), Message: "the lock's record is read here"}}})
}

func (c *claimer) where(pos token.Pos) string {
	p := c.u.Pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// keyText renders a key for messages: its constant text or prefix.
func keyText(key ssa.Value) string {
	if s, ok := calls.ConstString(key); ok {
		return fmt.Sprintf("%q", s)
	}
	if p, ok := calls.ConstPrefix(key); ok && p != "" {
		return fmt.Sprintf("%q...", p)
	}
	if id, hint := calls.KeyID(key); hint != "" {
		return hint // Elector.key, a package variable's name
	} else if id != "" {
		return id
	}
	return "(computed)"
}

// inTransaction reports whether fn is a function literal that a store runs
// as an optimistic transaction over the keys it reads (go-redis Watch):
// there a GET then SET is atomic.
func inTransaction(fn *ssa.Function) bool {
	if fn.Parent() == nil {
		return false
	}
	for ci := range calls.Taking(fn) {
		if callee := calls.Callee(ci.Common()); callee != nil && model.MatchesAny(model.KB.Watches, callee) {
			return true
		}
	}
	return false
}
