// Package checks is the catalog of fencecheck's checks: their stable codes
// and analyzer names, and which check's finding stands when several report
// the same problem. The engine reports with these codes, the drivers select
// and name checks by them, and docs/checks/<code>.md documents each one.
//
// Adding a check means adding a Code, its Catalog entry (with what it
// supersedes) and its page; see docs/contributing.md.
package checks

import (
	"fmt"
	"strings"
)

// Code identifies a check. Its String form ("FC1001") is the stable public
// identifier users write in suppression comments, CI configuration and
// dashboards; it never changes once released.
type Code uint8

// The checks, in code order.
const (
	_                 Code = iota
	Suppression            // FC0001 suppression: malformed or unused suppression comments
	UnfencedWrite          // FC1001 unfencedwrite
	UncheckedFence         // FC1002 uncheckedfence
	UnfenceableEffect      // FC1003 unfenceableeffect
	CheckThenAct           // FC2001 checkthenact
	SplitFenceCheck        // FC2002 splitfencecheck
	RandomFence            // FC3001 randomfence
	VolatileFence          // FC3002 volatilefence
	WallClockTTL           // FC4001 wallclockttl
	UnsafeRelease          // FC5001 unsaferelease
	IgnoredLeaseLoss       // FC5002 ignoredleaseloss
	numCodes
)

// String returns the public code, "FC1001".
func (c Code) String() string {
	if ch, ok := ByCode(c); ok {
		return ch.id
	}
	return fmt.Sprintf("Code(%d)", uint8(c))
}

// Check is one check of the catalog.
type Check struct {
	Code Code
	Name string // analyzer name, "unfencedwrite"; stable like the code
	id   string // "FC1001"

	// Supersedes lists the checks whose finding about the same problem
	// (the same Finding.Key: usually the effect, the call through which it
	// is reached, or the release) this check's finding replaces: the more
	// specific diagnosis stands. The relation is transitive and acyclic;
	// TestPrecedence checks it.
	Supersedes []Code

	// Explains lists the checks whose findings this check's finding about
	// an effect makes redundant wherever they involve that effect, even
	// when they are reported at another key: a write reached through a call
	// is reported at the call, with the write as related information, and
	// when the problem is the value the write carries (a random or
	// volatile fence), the finding on the value says it all.
	Explains []Code
}

// SuiteName is the name that stands for every check at once in nolint
// comments (nolint:fencecheck) and is the golangci-lint plugin's name.
const SuiteName = "fencecheck"

// Catalog lists every check, in code order. A check supersedes those after
// it in the chain check-then-act, wall clock, split fence check, random and
// volatile fence, unsafe release, unchecked fence, unfenceable effect,
// unfenced write: a lease check guarding a write, a clock deciding a
// takeover, a fence compared in two steps or a fence that cannot order
// writes says more than "the write carries no token", which every one of
// them also is. FC0001 and FC5002 are about other things (comments, the
// loss of a lease) and stand beside any finding.
var Catalog = []Check{
	{Code: Suppression, id: "FC0001", Name: "suppression"},
	{Code: UnfencedWrite, id: "FC1001", Name: "unfencedwrite"},
	{Code: UncheckedFence, id: "FC1002", Name: "uncheckedfence",
		Supersedes: []Code{UnfenceableEffect, UnfencedWrite}},
	{Code: UnfenceableEffect, id: "FC1003", Name: "unfenceableeffect",
		Supersedes: []Code{UnfencedWrite}},
	{Code: CheckThenAct, id: "FC2001", Name: "checkthenact",
		Supersedes: []Code{WallClockTTL, SplitFenceCheck, RandomFence, VolatileFence, UnsafeRelease, UncheckedFence, UnfenceableEffect, UnfencedWrite}},
	{Code: SplitFenceCheck, id: "FC2002", Name: "splitfencecheck",
		Supersedes: []Code{RandomFence, VolatileFence, UnsafeRelease, UncheckedFence, UnfenceableEffect, UnfencedWrite}},
	{Code: RandomFence, id: "FC3001", Name: "randomfence",
		Supersedes: []Code{VolatileFence, UnsafeRelease, UncheckedFence, UnfenceableEffect, UnfencedWrite},
		Explains:   []Code{UnfencedWrite}},
	{Code: VolatileFence, id: "FC3002", Name: "volatilefence",
		Supersedes: []Code{UnsafeRelease, UncheckedFence, UnfenceableEffect, UnfencedWrite},
		Explains:   []Code{UnfencedWrite}},
	{Code: WallClockTTL, id: "FC4001", Name: "wallclockttl",
		Supersedes: []Code{SplitFenceCheck, RandomFence, VolatileFence, UnsafeRelease, UncheckedFence, UnfenceableEffect, UnfencedWrite}},
	{Code: UnsafeRelease, id: "FC5001", Name: "unsaferelease",
		Supersedes: []Code{UncheckedFence, UnfenceableEffect, UnfencedWrite}},
	{Code: IgnoredLeaseLoss, id: "FC5002", Name: "ignoredleaseloss"},
}

// ByCode returns the catalog entry of a code.
func ByCode(c Code) (Check, bool) {
	if c == 0 || c >= numCodes {
		return Check{}, false
	}
	return Catalog[c-1], true
}

// Parse returns the check with the given public code ("FC1001", any
// case) or analyzer name ("unfencedwrite").
func Parse(s string) (Check, bool) {
	for _, c := range Catalog {
		if c.Name == s || strings.EqualFold(c.id, s) {
			return c, true
		}
	}
	return Check{}, false
}

// Supersedes reports whether a finding of check a replaces one of check b
// about the same problem.
func Supersedes(a, b Code) bool { return contains(supersedes(a), b) }

// Explains reports whether a finding of check a about an effect makes
// findings of check b that involve that effect redundant.
func Explains(a, b Code) bool {
	ch, _ := ByCode(a)
	return contains(ch.Explains, b)
}

// Rank orders the findings about one problem, most specific first: a
// check ranks by the number of checks that supersede it; checks that
// neither supersede nor are superseded rank after all others.
func Rank(c Code) int { return ranks[c] }

var ranks = func() map[Code]int {
	r := map[Code]int{}
	for _, b := range Catalog {
		related := len(b.Supersedes) > 0
		n := 0
		for _, a := range Catalog {
			if contains(a.Supersedes, b.Code) {
				n++
				related = true
			}
		}
		if !related {
			n = len(Catalog)
		}
		r[b.Code] = n
	}
	return r
}()

func supersedes(c Code) []Code {
	ch, _ := ByCode(c)
	return ch.Supersedes
}

func contains(cs []Code, c Code) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}
