// Package corpus reads bench/realworld's cases (located lock and lease
// hazards, and correct look-alikes, in public Go repositories pinned to a
// commit) and scores fencecheck's findings against them.
//
// A hazard is found (TP) when a finding of its check family (FC1xxx,
// FC2xxx, ...) starts inside one of its line ranges, and missed (FN)
// otherwise; a look-alike is a false positive (FP) when any finding starts
// inside its ranges, and a true negative (TN) otherwise. A case whose
// package could not be loaded is not scored: it counts neither as a hit nor
// as a pass.
package corpus

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Lookalike is the verdict of correct code that resembles a hazard.
const Lookalike = "lookalike"

// A Case is one located hazard or look-alike.
type Case struct {
	ID            string `json:"id"`
	Repo          string `json:"repo"`   // owner/name on GitHub
	Commit        string `json:"commit"` // 40 hex digits
	Module        string `json:"module"` // go.mod directory, relative to the repository root
	File          string `json:"file"`   // relative to the repository root
	Function      string `json:"function"`
	Lines         string `json:"lines"` // "120-126,140"
	Lock          string `json:"lock"`
	Verdict       string `json:"verdict"` // a check code, or Lookalike
	LookalikeOf   string `json:"lookalike_of,omitempty"`
	Shape         string `json:"shape"`
	Confidence    string `json:"confidence"`
	Justification string `json:"justification"`
	Evidence      string `json:"evidence,omitempty"`

	ranges []Range
}

// A Range is an inclusive range of 1-based line numbers.
type Range struct{ From, To int }

func (r Range) String() string {
	if r.From == r.To {
		return strconv.Itoa(r.From)
	}
	return fmt.Sprintf("%d-%d", r.From, r.To)
}

// ParseRanges parses "120-126, 140" into ranges. Ranges must be ascending
// within themselves; they may come in any order and may not be empty.
func ParseRanges(s string) ([]Range, error) {
	var out []Range
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, fmt.Errorf("lines %q: empty range", s)
		}
		from, to, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(strings.TrimSpace(from))
		if err != nil || a < 1 {
			return nil, fmt.Errorf("lines %q: %q is not a line number", s, from)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(strings.TrimSpace(to)); err != nil || b < 1 {
				return nil, fmt.Errorf("lines %q: %q is not a line number", s, to)
			}
		}
		if b < a {
			return nil, fmt.Errorf("lines %q: range %d-%d runs backwards", s, a, b)
		}
		out = append(out, Range{a, b})
	}
	return out, nil
}

// Ranges returns the case's parsed line ranges (valid after Validate).
func (c *Case) Ranges() []Range { return c.ranges }

// Contains reports whether line lies in one of the case's ranges.
func (c *Case) Contains(line int) bool {
	return slices.ContainsFunc(c.ranges, func(r Range) bool { return r.From <= line && line <= r.To })
}

// IsHazard reports whether the case expects a finding.
func (c *Case) IsHazard() bool { return c.Verdict != Lookalike }

// Family is the check family of a code: "FC1" for FC1001.
func Family(code string) string {
	if len(code) < 3 {
		return code
	}
	return code[:3]
}

var (
	codeRE   = regexp.MustCompile(`^FC[1-5][0-9]{3}$`)
	commitRE = regexp.MustCompile(`^[0-9a-f]{40}$`)
	repoRE   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_.-]+$`)
	idRE     = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
)

// Validate checks a case's fields and parses its ranges.
func (c *Case) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if !idRE.MatchString(c.ID) {
		bad("id %q: want lower-case kebab-case", c.ID)
	}
	if !repoRE.MatchString(c.Repo) {
		bad("repo %q: want owner/name", c.Repo)
	}
	if !commitRE.MatchString(c.Commit) {
		bad("commit %q: want 40 lower-case hex digits", c.Commit)
	}
	if c.Module == "" || filepath.IsAbs(c.Module) || strings.HasPrefix(filepath.Clean(c.Module), "..") {
		bad("module %q: want a directory relative to the repository root (\".\" for the root)", c.Module)
	}
	if !strings.HasSuffix(c.File, ".go") || filepath.IsAbs(c.File) {
		bad("file %q: want a .go file relative to the repository root", c.File)
	} else if rel, ok := c.FileInModule(); !ok {
		bad("file %q is not inside module directory %q", c.File, c.Module)
	} else if strings.HasPrefix(rel, "..") {
		bad("file %q is not inside module directory %q", c.File, c.Module)
	}
	switch {
	case c.Verdict == Lookalike:
		if !codeRE.MatchString(c.LookalikeOf) {
			bad("lookalike_of %q: want the check code the look-alike resembles", c.LookalikeOf)
		}
	case codeRE.MatchString(c.Verdict):
		if c.LookalikeOf != "" {
			bad("lookalike_of is set on a hazard")
		}
	default:
		bad("verdict %q: want a check code (FC1001) or %q", c.Verdict, Lookalike)
	}
	if c.Confidence != "high" && c.Confidence != "medium" {
		bad("confidence %q: want high or medium", c.Confidence)
	}
	for name, v := range map[string]string{"function": c.Function, "lock": c.Lock, "shape": c.Shape, "justification": c.Justification} {
		if strings.TrimSpace(v) == "" {
			bad("%s is empty", name)
		}
	}
	r, err := ParseRanges(c.Lines)
	if err != nil {
		errs = append(errs, err)
	}
	c.ranges = r
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("case %s: %w", cmpOr(c.ID, "(no id)"), err)
	}
	return nil
}

// FileInModule returns the case's file relative to its module directory.
func (c *Case) FileInModule() (string, bool) {
	rel, err := filepath.Rel(filepath.Clean(c.Module), filepath.Clean(c.File))
	if err != nil {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// Shapes returns the case's shape tags.
func (c *Case) Shapes() []string {
	var out []string
	for s := range strings.SplitSeq(c.Shape, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Load reads every cases/*.json file of dir (each a JSON array of cases),
// validates them and checks that ids are unique and that one repository is
// pinned to one commit.
func Load(dir string) ([]*Case, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no case files (*.json) in %s", dir)
	}
	var all []*Case
	var errs []error
	for _, f := range files {
		cs, err := readFile(f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		all = append(all, cs...)
	}
	ids := map[string]bool{}
	pins := map[string]string{}
	for _, c := range all {
		if ids[c.ID] {
			errs = append(errs, fmt.Errorf("case %s: duplicate id", c.ID))
		}
		ids[c.ID] = true
		if p, ok := pins[c.Repo]; ok && p != c.Commit {
			errs = append(errs, fmt.Errorf("case %s: %s is pinned to %s elsewhere, %s here", c.ID, c.Repo, p, c.Commit))
		}
		pins[c.Repo] = c.Commit
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	slices.SortFunc(all, func(a, b *Case) int { return strings.Compare(a.ID, b.ID) })
	return all, nil
}

func readFile(name string) ([]*Case, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	var cs []*Case
	if err := dec.Decode(&cs); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	var errs []error
	for _, c := range cs {
		if err := c.Validate(); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", name, err))
		}
	}
	return cs, errors.Join(errs...)
}
