// Package precedence decides which of several findings about one problem
// stands, as the check catalog declares (checks.Explains, Rank,
// Supersedes): the only place a finding is dropped because another one
// says the same.
package precedence

import (
	"go/token"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
)

// Keep keeps one finding per problem, as the catalog declares
// (checks.Catalog): it is the only place that drops a finding because
// another one says the same.
//
//   - A finding about an effect drops the findings it explains
//     (checks.Explains) that involve the effect elsewhere: reported at
//     another key with the effect as related information.
//   - Of the findings with the same Key, one per check stands (the first
//     by message), and none that a standing finding's check supersedes
//     (checks.Supersedes) about the same effect. A finding without a
//     position is never dropped.
//     The standing finding takes the related positions of the ones of its
//     check it stands for (the frames of every path to the problem).
//
// The result is ordered by key, the more specific check first.
func Keep(found []unit.Finding) []unit.Finding {
	var explainers []unit.Finding
	for _, f := range found {
		if f.Effect.IsValid() {
			explainers = append(explainers, f)
		}
	}
	explained := func(f unit.Finding) bool {
		return slices.ContainsFunc(explainers, func(g unit.Finding) bool {
			return checks.Explains(g.Code, f.Code) && f.Key != g.Effect && involves(f, g.Effect)
		})
	}
	var out []unit.Finding
	for _, f := range found {
		if !explained(f) {
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(x, y unit.Finding) int {
		if x.Key != y.Key {
			return int(x.Key - y.Key)
		}
		if rx, ry := checks.Rank(x.Code), checks.Rank(y.Code); rx != ry {
			return rx - ry
		}
		return strings.Compare(x.Message, y.Message)
	})
	// Superseded first, among all findings at the key: a more specific
	// check's finding about the same effect (FC1003 for a publish) takes
	// the plainer one (FC1001 for it) out before the findings of one
	// check are merged, so that it never shows as another path of the
	// plainer check's finding about another effect.
	superseded := make([]bool, len(out))
	// A finding at a call about an effect elsewhere that the same check
	// also reports where the effect is (a write by key of a leased record,
	// reached through a call under a lock) repeats that finding.
	at := map[token.Pos][]checks.Code{}
	for _, f := range out {
		at[f.Key] = append(at[f.Key], f.Code)
	}
	for i, f := range out {
		if f.Target.IsValid() && f.Target != f.Key && slices.Contains(at[f.Target], f.Code) {
			superseded[i] = true
		}
	}
	for lo := 0; lo < len(out); {
		hi := lo + 1
		for hi < len(out) && out[hi].Key == out[lo].Key {
			hi++
		}
		if out[lo].Key.IsValid() {
			group := out[lo:hi]
			for i, f := range group {
				superseded[lo+i] = superseded[lo+i] || slices.ContainsFunc(group, func(g unit.Finding) bool {
					return checks.Supersedes(g.Code, f.Code) && sameEffect(g, f)
				})
			}
		}
		lo = hi
	}
	kept := out[:0]
	start := 0 // the first kept finding with the current key
	for i, f := range out {
		if superseded[i] {
			continue // a more specific check reported this problem
		}
		if len(kept) > start && kept[start].Key != f.Key {
			start = len(kept)
		}
		if !f.Key.IsValid() {
			kept = append(kept, f)
			continue
		}
		if j := slices.IndexFunc(kept[start:], func(g unit.Finding) bool { return g.Code == f.Code }); j >= 0 {
			// The same check reported this problem along another path (a
			// call under the lock that reaches two writes): one finding,
			// which shows every path's frames.
			kept[start+j].Related = mergeRelated(kept[start+j].Related, f.Related)
			continue
		}
		kept = append(kept, f)
	}
	return kept
}

// mergeRelated returns kept's related information followed by the entries
// of other at positions kept does not name (marked as another path to the
// problem), in a new slice.
func mergeRelated(kept, other []analysis.RelatedInformation) []analysis.RelatedInformation {
	out := slices.Clip(kept)
	for _, r := range other {
		if !slices.ContainsFunc(out, func(k analysis.RelatedInformation) bool { return k.Pos == r.Pos }) {
			out = append(out, analysis.RelatedInformation{Pos: r.Pos, End: r.End, Message: "another path: " + r.Message})
		}
	}
	return out
}

// sameEffect reports whether two findings at one key may be about the
// same effect: a call under the lock that reaches a publish (FC1003) and
// an UPDATE (FC1001) has two problems, one finding each.
func sameEffect(f, g unit.Finding) bool {
	return !f.Target.IsValid() || !g.Target.IsValid() || f.Target == g.Target
}

// involves reports whether a finding names pos in its related information.
func involves(f unit.Finding, pos token.Pos) bool {
	return slices.ContainsFunc(f.Related, func(r analysis.RelatedInformation) bool { return r.Pos == pos })
}
