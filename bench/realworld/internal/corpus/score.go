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
}

// Judge scores one case against findings (of any file; only those of the
// case's repository and file count).
func Judge(c *Case, findings []Finding) Result {
	r := Result{Case: c}
	for _, f := range findings {
		if f.Repo == c.Repo && f.File == c.File && c.Contains(f.Line) {
			r.Findings = append(r.Findings, f)
		}
	}
	if !c.IsHazard() {
		r.Outcome = TN
		if len(r.Findings) > 0 {
			r.Outcome = FP
		}
		return r
	}
	r.Outcome = FN
	if slices.ContainsFunc(r.Findings, func(f Finding) bool { return Family(f.Code) == Family(c.Verdict) }) {
		r.Outcome = TP
	}
	return r
}

// Elsewhere returns the findings that lie in no case's ranges: each must
// be triaged by hand (docs/precision.md).
func Elsewhere(cases []*Case, findings []Finding) []Finding {
	var out []Finding
	for _, f := range findings {
		if !slices.ContainsFunc(cases, func(c *Case) bool {
			return f.Repo == c.Repo && f.File == c.File && c.Contains(f.Line)
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
