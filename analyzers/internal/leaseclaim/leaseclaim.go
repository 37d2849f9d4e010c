// Package leaseclaim recognises records leased by a claim, the way job
// queues and schedulers hold their work: a conditional write gives a
// record (a job row, a task document) its holder (UPDATE jobs SET status =
// 'running', worker_id = $1 WHERE id = ... AND status = 'pending'), and the
// package can take the claim back by time: a write that compares the
// record's time (locked_until < now(), started_at < $cutoff) and gives it
// another holder or none (a reaper returning stale jobs to pending, or a
// claim that also takes expired records over). The claim is then a lease,
// and a write of the record selected by its key alone (completing,
// failing, deleting the job: UPDATE jobs SET status = 'done' WHERE id = $1)
// does not check that its writer still holds it: a worker paused or
// partitioned past the lease overwrites the run of the worker that took
// over. A claim no write can take back (one-way, package oneway) leases
// nothing, and a write that compares the holder or a claim counter is
// fenced by its own condition.
//
// The protocol lives where the records are written, so the rule reads one
// package's writes (a store or repository): the claim, the takeover and
// the write by key are all there, whoever calls them.
package leaseclaim

import (
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/fences"
	"github.com/fencecheck/fencecheck/analyzers/internal/recordwrite"
	"github.com/fencecheck/fencecheck/analyzers/internal/storecond"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// Claim is a write that gives records of Record a holder.
type Claim struct {
	*recordwrite.Write
	// Owner is the holder field it assigns ("" for a state transition
	// with no holder field: status 'pending' -> 'processing').
	Owner string
	// State is the state field it moves, From -> To ("" when none).
	State, From, To string
	// Takeover is a write that takes a claim of the record back by time
	// (the claim itself when its condition admits an expired one).
	Takeover *recordwrite.Write
}

// ByKey is a write that selects a leased record by its key alone.
type ByKey struct {
	*recordwrite.Write
	Claim *Claim
	// Release is true when the write gives the record up: it deletes it,
	// clears its holder or puts it back in a state the claim takes.
	Release bool
}

// Protocol is the lease protocol of a package's records: its writes of
// records, and the claims of them that some write takes back by time.
type Protocol struct {
	Writes []*recordwrite.Write
	Claims []*Claim
}

type protocolKey struct{}

// Of returns the lease protocol of u's package, read once per unit.
func Of(u *unit.Unit) *Protocol {
	return u.Shared(protocolKey{}, func() any { return Read(u.Funcs) }).(*Protocol)
}

// Read reads the lease protocol of funcs, every call once.
func Read(funcs []*ssa.Function) *Protocol {
	p := &Protocol{}
	for _, fn := range funcs {
		for ci := range calls.In(fn) {
			if w := recordwrite.Read(ci); w != nil {
				p.Writes = append(p.Writes, w)
			}
		}
	}
	for _, w := range p.Writes {
		if c := claimOf(w); c != nil {
			p.Claims = append(p.Claims, c)
		}
	}
	for _, c := range p.Claims {
		for _, t := range p.Writes {
			if t.Record == c.Record && takesBack(t, c) {
				c.Takeover = t
				break
			}
		}
	}
	p.Claims = slices.DeleteFunc(p.Claims, func(c *Claim) bool { return c.Takeover == nil })
	return p
}

// Judged reports whether the field of the record is the time by which a
// takeover of a claim of the record judges it expired (locked_at in
// WHERE locked_at < now() - $1): moving that time forward while the
// record still names its holder renews the lease, whatever the field is
// called.
func (p *Protocol) Judged(record, field string) bool {
	for _, c := range p.Claims {
		if c.Record != record {
			continue
		}
		if slices.ContainsFunc(c.Takeover.Cond, func(k recordwrite.Cmp) bool { return k.Time && k.Field == field }) {
			return true
		}
	}
	return false
}

// Find returns the writes by key alone of the records some claim of the
// package leases.
func Find(p *Protocol) []ByKey {
	var out []ByKey
	for _, w := range p.Writes {
		if slices.ContainsFunc(p.Claims, func(c *Claim) bool { return w == c.Write || w == c.Takeover }) {
			continue
		}
		for _, c := range p.Claims {
			if w.Record != c.Record {
				continue
			}
			if b, ok := byKey(w, c); ok {
				out = append(out, b)
				break
			}
		}
	}
	return out
}

// claimOf returns the claim a write makes: a conditional update that
// assigns a holder field a value that is not empty, or that moves a state
// field from one constant to another.
func claimOf(w *recordwrite.Write) *Claim {
	if w.Delete || len(w.Cond) == 0 {
		return nil
	}
	for _, s := range w.Sets {
		if !s.Clear {
			continue
		}
		// A write that empties the holder, or the time its own condition
		// judged (SET started_at = NULL WHERE started_at < $1), undoes a
		// claim: a release or a reaper, never a claim itself.
		if storecond.RoleOf(s.Field) == storecond.Owner || slices.ContainsFunc(w.Cond, func(k recordwrite.Cmp) bool { return k.Time && k.Field == s.Field }) {
			return nil
		}
	}
	c := &Claim{Write: w}
	for _, s := range w.Sets {
		if storecond.RoleOf(s.Field) == storecond.Owner && !s.Clear {
			c.Owner = s.Field
		}
		if !s.Known || s.Clear {
			continue
		}
		for _, k := range w.Cond {
			if k.Field == s.Field && k.Op == "=" && k.Known && k.Const != s.Const && c.State == "" {
				c.State, c.From, c.To = s.Field, k.Const, s.Const
			}
		}
	}
	if c.Owner == "" && c.State == "" || !conditional(w) {
		return nil
	}
	if c.State != "" && c.Owner == "" && vocab.WorkingState.Match(c.From) && vocab.WaitingState.Match(c.To) {
		return nil // running -> queued: a reaper's or a release's move, the reverse of a claim
	}
	return c
}

// conditional reports whether a write's condition tests more than the
// record's key.
func conditional(w *recordwrite.Write) bool {
	for _, k := range w.Cond {
		if k.Known || k.Time || k.Op != "=" {
			return true
		}
	}
	return false
}

// takesBack reports whether t takes a claim of c's records back by time:
// its condition orders a time of the record, a guard it has on the state
// admits the claimed state, and it gives the record another holder or
// none, or moves the state back to one a claim takes.
func takesBack(t *recordwrite.Write, c *Claim) bool {
	if t.Delete || !slices.ContainsFunc(t.Cond, func(k recordwrite.Cmp) bool { return k.Time }) {
		return false
	}
	if t == c.Write {
		if c.State != "" && excludes(t, c.State, c.To) {
			// It takes only waiting records (status = 'pending' AND
			// visibility_timeout < now(): a retry's delay), never a
			// claimed one, however old.
			return false
		}
		// The claim takes over a record whose time has passed when it
		// compares a time it also writes anew (locked_until < now(), SET
		// locked_until = ...): a due date it only reads (run_at <= now())
		// selects pending work, not expired claims.
		return slices.ContainsFunc(t.Cond, func(k recordwrite.Cmp) bool {
			return k.Time && slices.ContainsFunc(t.Sets, func(s recordwrite.Set) bool { return s.Field == k.Field && !s.Clear })
		})
	}
	if c.State != "" && !admits(t, c.State, c.To) {
		return false
	}
	for _, s := range t.Sets {
		switch {
		case c.Owner != "" && s.Field == c.Owner:
			return true // a new holder, or none
		case c.State != "" && s.Field == c.State && s.Known && (s.Const == c.From || claimable(c, s.Const)):
			return true // back to a state a claim takes
		}
	}
	return false
}

// admits reports whether w's condition can hold for a record whose field
// is v: it compares the field with no other constant.
func admits(w *recordwrite.Write, field, v string) bool {
	guarded := false
	for _, k := range w.Cond {
		if k.Field == field && k.Op == "=" && k.Known {
			if k.Const == v {
				return true
			}
			guarded = true
		}
	}
	return !guarded
}

// excludes reports whether every record w writes has field equal to a
// constant other than v: a conjunct of its condition (status = 'pending'
// AND ...), not one branch of an OR.
func excludes(w *recordwrite.Write, field, v string) bool {
	return slices.ContainsFunc(w.Cond, func(k recordwrite.Cmp) bool {
		return k.Field == field && k.Op == "=" && k.Known && k.Required && k.Const != v
	})
}

// byKey decides whether w writes a record c leases by its key alone.
func byKey(w *recordwrite.Write, c *Claim) (ByKey, bool) {
	if !w.ByKey || slices.ContainsFunc(w.Keys, fences.FreshKey) {
		return ByKey{}, false // not one record, or one this run made (an insert's returned id): no other worker's claim
	}
	if w.Delete && c.State == "" {
		// A record claimed by its holder field alone is a long-lived entity
		// leased for a while (a schedule, a resource): deleting it is the
		// owner's or an operator's act, not a worker's release. A job that
		// moves through states is deleted when it is done (its ack).
		return ByKey{}, false
	}
	for _, k := range w.Cond {
		switch storecond.RoleOf(k.Field) {
		case storecond.Owner, storecond.Fence:
			return ByKey{}, false // the holder or a claim counter compared: fenced by its own condition
		}
		if k.Time {
			return ByKey{}, false // a bulk or timed write: the reaper's kind, not the holder's
		}
		if k.Op == "=" && !k.Known && k.Field != c.State && slices.ContainsFunc(c.Sets, func(s recordwrite.Set) bool { return s.Field == k.Field }) {
			return ByKey{}, false // a stamp of the claim compared (its attempt counter, its token): fenced by its own condition
		}
	}
	if c.State != "" && !admits(w, c.State, c.To) {
		return ByKey{}, false // applies to records in another state: not the claimed ones
	}
	b := ByKey{Write: w, Claim: c, Release: w.Delete}
	changes, clears, finishes := w.Delete, false, false
	for _, s := range w.Sets {
		switch {
		case storecond.RoleOf(s.Field) == storecond.Owner:
			if !s.Clear {
				return ByKey{}, false // gives the record a holder: a claim or an assignment of its own
			}
			changes, clears = true, true
		case c.State != "" && s.Field == c.State:
			changes = true
			if s.Known && (s.Const == c.From || claimable(c, s.Const)) {
				b.Release = true // back where a claim takes it
			} else {
				finishes = true // done, failed, dead: the record's next state
			}
		}
	}
	if !changes {
		return ByKey{}, false // a renewal, a progress note: it neither finishes nor releases the record
	}
	// The holder cleared is the release, unless the write also moves the
	// record on (completing a job clears its holder as it finishes it).
	b.Release = b.Release || clears && !finishes
	return b, true
}

// claimable reports whether a claim's condition takes records in state v.
func claimable(c *Claim, v string) bool {
	return slices.ContainsFunc(c.Cond, func(k recordwrite.Cmp) bool { return k.Field == c.State && k.Op == "=" && k.Known && k.Const == v })
}
