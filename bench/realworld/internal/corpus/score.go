package corpus

import (
	"fmt"
	"slices"
	"strings"
)

// A Finding is one fencecheck finding, its file relative to the root of
// the repository it was found in.
type Finding struct {
	Repo    string `json:"repo"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Code    string `json:"code"`
	Message string `json:"message"`
	// Related are the finding's related locations (the write reached
	// through a call, the lock's acquisition), files as File's.
	Related []Position `json:"related,omitempty"`
}

// A Position is a line of a file of the finding's repository.
type Position struct {
	File string `json:"file"`
	Line int    `json:"line"`
}

func (f Finding) String() string {
	return fmt.Sprintf("%s %s:%d:%d %s", f.Code, f.File, f.Line, f.Column, f.Repo)
}

// An Outcome is a case's score.
type Outcome string

const (
	TP        Outcome = "TP" // hazard reported by its check family
	FN        Outcome = "FN" // hazard not reported
	FP        Outcome = "FP" // look-alike reported
	TN        Outcome = "TN" // look-alike silent
	NotScored Outcome = "not scored"
)

// A Result is one case's outcome with the findings that decided it.
type Result struct {
	Case     *Case     `json:"case"`
	Outcome  Outcome   `json:"outcome"`
	Findings []Finding `json:"findings,omitempty"` // findings inside the case's ranges
	Reason   string    `json:"reason,omitempty"`   // why a case was not scored
	// Via is "related" for a hazard found only through a related location,
	// "explained" for a look-alike whose ranges hold only findings that
	// found a hazard (JudgeAll).
	Via string `json:"via,omitempty"`
}

// Judge scores one case against findings (of any file; only those of the
// case's repository and file count).
func Judge(c *Case, findings []Finding) Result {
	return JudgeAll([]*Case{c}, findings)[0]
}

// JudgeAll scores cases against findings. A hazard is found by a finding
// of its family that starts in its ranges, or that names a related
// location in them: an effect reached through a call is reported at the
// call under the lock, with the write as related information. A finding
// that found a hazard is that hazard's report; it does not also make a
// look-alike whose ranges it starts in a false positive (the Via field
// says so), any other finding in a look-alike's ranges does.
func JudgeAll(cases []*Case, findings []Finding) []Result {
	results := make([]Result, len(cases))
	explained := map[int]bool{} // findings that found a hazard, by index
	for i, c := range cases {
		r := Result{Case: c}
		for j, f := range findings {
			if starts(c, f) {
				r.Findings = append(r.Findings, f)
			}
			if !c.IsHazard() || Family(f.Code) != Family(c.Verdict) {
				continue
			}
			switch {
			case starts(c, f):
				r.Outcome, r.Via = TP, ""
				explained[j] = true
			case relatedIn(c, f):
				if r.Outcome != TP {
					r.Outcome, r.Via = TP, "related"
				}
				r.Findings = append(r.Findings, f)
				explained[j] = true
			}
		}
		if c.IsHazard() && r.Outcome != TP {
			r.Outcome = FN
		}
		results[i] = r
	}
	for i, c := range cases {
		if c.IsHazard() {
			continue
		}
		r := &results[i]
		r.Outcome = TN
		for j, f := range findings {
			if !starts(c, f) {
				continue
			}
			if explained[j] {
				r.Via = "explained"
				continue
			}
			r.Outcome, r.Via = FP, ""
			break
		}
	}
	return results
}

// starts reports whether f starts in one of c's ranges.
func starts(c *Case, f Finding) bool {
	return f.Repo == c.Repo && f.File == c.File && c.Contains(f.Line)
}

// relatedIn reports whether a related location of f is in c's ranges.
func relatedIn(c *Case, f Finding) bool {
	return f.Repo == c.Repo && slices.ContainsFunc(f.Related, func(p Position) bool {
		return p.File == c.File && c.Contains(p.Line)
	})
}

// Elsewhere returns the findings that no case accounts for (none starts in
// its ranges, nor found a hazard through a related location): each must be
// triaged by hand (docs/precision.md).
func Elsewhere(cases []*Case, findings []Finding) []Finding {
	var out []Finding
	for _, f := range findings {
		if !slices.ContainsFunc(cases, func(c *Case) bool {
			return starts(c, f) || c.IsHazard() && Family(f.Code) == Family(c.Verdict) && relatedIn(c, f)
		}) {
			out = append(out, f)
		}
	}
	return out
}

// A Summary counts outcomes.
type Summary struct {
	Cases, Hazards, Lookalikes, Repos int
	TP, FN, FP, TN, NotScored         int
}

// Summarize counts results.
func Summarize(rs []Result) Summary {
	var s Summary
	repos := map[string]bool{}
	for _, r := range rs {
		s.Cases++
		repos[r.Case.Repo] = true
		if r.Case.IsHazard() {
			s.Hazards++
		} else {
			s.Lookalikes++
		}
		switch r.Outcome {
		case TP:
			s.TP++
		case FN:
			s.FN++
		case FP:
			s.FP++
		case TN:
			s.TN++
		default:
			s.NotScored++
		}
	}
	s.Repos = len(repos)
	return s
}

// Recall is TP / (TP + FN) over scored hazards.
func (s Summary) Recall() float64 { return ratio(s.TP, s.TP+s.FN) }

// Precision is TP / (TP + FP): of the scored cases that drew a finding,
// the share that are hazards reported by their family.
func (s Summary) Precision() float64 { return ratio(s.TP, s.TP+s.FP) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func (s Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d cases (%d hazards, %d look-alikes) in %d repositories; ", s.Cases, s.Hazards, s.Lookalikes, s.Repos)
	fmt.Fprintf(&b, "TP %d, FN %d, FP %d, TN %d, not scored %d; ", s.TP, s.FN, s.FP, s.TN, s.NotScored)
	fmt.Fprintf(&b, "recall %d/%d = %.0f%%, precision %d/%d = %.0f%%",
		s.TP, s.TP+s.FN, 100*s.Recall(), s.TP, s.TP+s.FP, 100*s.Precision())
	return b.String()
}
