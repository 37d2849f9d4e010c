// Package stamplock finds the reads of a Redis lock key stamped with this
// host's clock.
//
// The lock the Redis documentation of SETNX warns against: the value of
// the lock key is its expiry, written with the clock of the host that took
// it (SETNX key <now+ttl>), and a contender that finds it taken reads the
// stamp (GET), compares it with its own clock and takes the lock over with
// GETSET when it looks expired. Both comparisons order another host's clock
// against this one's. A read (GET, GETSET) of a key that a SET NX of the
// package stamps with this host's clock is labelled as a timestamp from a
// lock store, so the comparisons are judged like any other (wallclock).
// The clients are those whose SET NX locks the knowledge base models
// (go-redis v6 to v9, redigo); rueidis' is a known gap.
package stamplock

import (
	"go/token"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// maxStampDepth bounds the walk from a SET NX value back to the clock
// reading it was computed from (time.Now().Add(ttl).UnixMilli() is three).
const maxStampDepth = 8

// Reads returns, by position, the reads (GET, GETSET) in funcs of the SET
// NX keys that a SET NX in funcs stamps with this host's clock, with the
// SET NX that stamps them.
func Reads(funcs []*ssa.Function) map[token.Pos]token.Pos {
	reads := map[token.Pos]token.Pos{}
	stamped := map[string]token.Pos{} // key shape -> SET NX
	for _, fn := range funcs {
		for ci := range calls.In(fn) {
			c := ci.Common()
			l := calls.KeyHeldAcquire(c)
			if l == nil || l.Mirror != nil || !l.KeyOnly || l.Owner <= 0 || !clockDerived(calls.FlatArg(c, l.Owner), 0) {
				continue
			}
			if s := calls.KeyShape(calls.FlatArg(c, l.Handle), true); s != "" {
				if _, seen := stamped[s]; !seen {
					stamped[s] = ci.Pos()
				}
			}
		}
	}
	if len(stamped) == 0 {
		return reads
	}
	for _, fn := range funcs {
		for ci := range calls.In(fn) {
			c := ci.Common()
			key := calls.RedisRead(c)
			if key == nil {
				key = calls.RedisExtend(c) // GETSET returns the old stamp
			}
			if key == nil {
				continue
			}
			if at, ok := stamped[calls.KeyShape(key, true)]; ok {
				reads[ci.Pos()] = at
			}
		}
	}
	return reads
}

// clockDerived reports whether v is computed from a reading of this host's
// clock: time.Now() and what time.Time methods, arithmetic, conversions and
// formatting make of it (time.Now().Add(ttl).UnixMilli(),
// strconv.FormatInt(deadline, 10)).
func clockDerived(v ssa.Value, depth int) bool {
	if v == nil || depth > maxStampDepth {
		return false
	}
	switch x := v.(type) {
	case *ssa.Call:
		fn := calls.Callee(&x.Call)
		if fn == nil || fn.Pkg() == nil {
			return false
		}
		if model.MatchesAny(model.KB.ClockReads, fn) {
			return true
		}
		switch pkg := fn.Pkg().Path(); {
		case pkg == "time" && model.RecvName(fn) == "Time":
			return clockDerived(calls.Receiver(&x.Call), depth+1)
		case pkg == "strconv", pkg == "fmt":
			for _, a := range calls.Args(&x.Call) {
				if clockDerived(a, depth+1) {
					return true
				}
			}
			if vs, ok := calls.Variadic(calls.Arg(&x.Call, len(calls.Args(&x.Call))-1)); ok {
				for _, a := range vs {
					if clockDerived(a, depth+1) {
						return true
					}
				}
			}
		}
	case *ssa.BinOp:
		return clockDerived(x.X, depth+1) || clockDerived(x.Y, depth+1)
	case *ssa.Convert:
		return clockDerived(x.X, depth+1)
	case *ssa.ChangeType:
		return clockDerived(x.X, depth+1)
	case *ssa.MakeInterface:
		return clockDerived(x.X, depth+1)
	case *ssa.Extract:
		return clockDerived(x.Tuple, depth+1)
	}
	return false
}
