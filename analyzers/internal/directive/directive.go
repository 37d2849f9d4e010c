// Package directive parses fencecheck's suppression comments.
//
// The analyzers apply suppressions themselves, so that the standalone
// command, go vet, golangci-lint and nogo all agree. Two spellings are
// understood:
//
//	//lint:ignore FC1001[,FC2001] reason      (staticcheck style; the next statement, or this line)
//	//lint:file-ignore FC1001 reason           (the whole file)
//	//nolint:fencecheck // reason               (golangci-lint style; also //nolint:unfencedwrite)
//
// A //nolint is read as golangci-lint v2 reads it (its nolint filter):
// leading spaces and slashes are ignored ("// nolint:fencecheck"), names
// are case-insensitive, and a //nolint without a list, with a space after
// it, or //nolint:all silences every linter, fencecheck included. Such an
// all-linter //nolint is ours only where it covers one of fencecheck's
// findings, and then, like every suppression of ours, needs a reason.
//
// A check may be named by code (FC1001), by analyzer name (unfencedwrite),
// by a code glob (FC1*), or as "fencecheck" for all checks (the grammar is
// internal/suite's, shared with the drivers). A directive that names none
// of fencecheck's checks belongs to another tool and is left alone. A
// directive of ours without a reason, naming an unknown check (a code of
// ours that does not exist, or a near miss of a name of ours such as
// unfencdwrite), or suppressing nothing is a problem that the suppression
// check (FC0001) reports; so is a //lint:ignore, //lint:file-ignore or
// //nolint: that names no check at all, which suppresses nothing for any
// tool. The valid names of a list that also has unknown ones still apply.
package directive

import (
	"fmt"
	"github.com/fencecheck/fencecheck/internal/checks"
	"github.com/fencecheck/fencecheck/internal/suggest"
	"github.com/fencecheck/fencecheck/internal/suite"
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// Kind is the spelling of a directive.
type Kind int

const (
	Ignore     Kind = iota // //lint:ignore
	FileIgnore             // //lint:file-ignore
	Nolint                 // golangci-lint style: nolint:NAMES
)

// Directive is one suppression comment of ours.
type Directive struct {
	Kind    Kind
	Checks  []string // as written
	Reason  string
	Pos     token.Pos // the comment
	End     token.Pos
	File    string // file name as in the FileSet
	From    int    // first line covered
	To      int    // last line covered
	Problem string // why the directive is malformed (it suppresses nothing); "" if it is fine
	Note    string // a problem that leaves the directive in force (unknown names beside valid ones)
	All     bool   // a //nolint for every linter: ours only where it covers a finding of ours
	Used    bool   // set by the caller when the directive covered a finding
}

// Applies reports whether a directive that covers a finding suppresses
// it: an all-linter //nolint does only with a reason.
func (d *Directive) Applies() bool { return !d.All || d.Reason != "" }

// AllProblem is the message for an all-linter //nolint without a reason
// that covers a finding of fencecheck's.
const AllProblem = "this //nolint has no reason: it silences every linter here, fencecheck's finding too; give the reason (//nolint // reason), or name the check (//nolint:fencecheck // reason)"

// Text renders the directive's prefix for messages.
func (d *Directive) Text() string {
	switch d.Kind {
	case FileIgnore:
		return "//lint:file-ignore"
	case Nolint:
		return "//nolint"
	}
	return "//lint:ignore"
}

// Parse returns the directives of ours in files, in source order.
func Parse(fset *token.FileSet, files []*ast.File) []*Directive {
	var out []*Directive
	for _, f := range files {
		var lines *lineIndex
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				d := parseComment(c.Text)
				if d == nil {
					continue
				}
				if lines == nil {
					lines = indexLines(fset, f)
				}
				pos := fset.Position(c.Slash)
				d.Pos, d.End, d.File = c.Slash, c.End(), pos.Filename
				if d.Kind == FileIgnore {
					d.From, d.To = 1, fset.File(f.Pos()).LineCount()
				} else {
					line := pos.Line
					if !lines.codeBefore(line, pos.Column) {
						line++ // own line: covers what follows
					}
					d.From, d.To = line, lines.extent(line)
				}
				out = append(out, d)
			}
		}
	}
	return out
}

// parseComment recognises one comment; nil means "not ours".
func parseComment(text string) *Directive {
	if !strings.HasPrefix(text, "//") {
		return nil
	}
	body := text[2:]
	switch {
	case strings.HasPrefix(body, "lint:ignore") || strings.HasPrefix(body, "lint:file-ignore"):
		d := &Directive{Kind: Ignore}
		verb, rest, _ := strings.Cut(body, " ")
		if verb == "lint:file-ignore" {
			d.Kind = FileIgnore
		} else if verb != "lint:ignore" {
			return nil
		}
		fields := strings.Fields(rest)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "//") {
			// Nothing named: it suppresses nothing, for any tool, and
			// whoever wrote it most likely meant fencecheck's check or
			// another's and forgot which. (staticcheck reports it too.)
			d.Problem = fmt.Sprintf("suppression comment names no check; write //%s FC1001 reason (a code such as FC1001, an analyzer name such as unfencedwrite, or %q for all)", verb, checks.SuiteName)
			return d
		}
		d.Checks = splitList(fields[0])
		if !mentionsUs(d.Checks) {
			return nil
		}
		d.Reason = strings.Join(fields[1:], " ")
		if strings.HasPrefix(d.Reason, "//") {
			d.Reason = "" // another comment, not a reason: //lint:ignore FC1001 // TODO
		}
		d.validate(fmt.Sprintf("//%s %s reason", verb, fields[0]))
		return d
	}
	return parseNolint(text)
}

// parseNolint reads a //nolint comment as golangci-lint v2's nolint filter
// does (pkg/result/processors/nolint_filter.go): the text without leading
// slashes and spaces must match ^nolint( |:|$); "nolint:all" or anything
// but "nolint:" covers every linter; otherwise the names before any "//"
// are split at commas, trimmed and lowercased.
func parseNolint(text string) *Directive {
	body := strings.TrimLeft(text, "/ ")
	rest, ok := strings.CutPrefix(body, "nolint")
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != ':') {
		return nil
	}
	if strings.HasPrefix(body, "nolint:all") || !strings.HasPrefix(rest, ":") {
		_, reason, _ := strings.Cut(rest, "//")
		return &Directive{Kind: Nolint, All: true, Checks: []string{checks.SuiteName}, Reason: strings.TrimSpace(reason)}
	}
	list, reason, _ := strings.Cut(rest[1:], "//")
	var names []string
	for _, p := range strings.Split(list, ",") {
		if p = strings.ToLower(strings.TrimSpace(p)); p != "" {
			names = append(names, p)
		}
	}
	if len(names) == 0 {
		// "//nolint:" and no linter: a typo for //nolint or for a
		// list; it suppresses nothing it was meant to.
		return &Directive{Kind: Nolint, Reason: strings.TrimSpace(reason),
			Problem: fmt.Sprintf("suppression comment names no check; write //nolint:%s // reason (or an analyzer name such as //nolint:unfencedwrite)", checks.SuiteName)}
	}
	// golangci-lint takes "fencecheck trailing words" as one linter name
	// (an unknown one); the first word is taken for ours, as written.
	for i, n := range names {
		if f := strings.Fields(n); len(f) > 1 && (suite.Ours(f[0]) || nearMiss(f[0]) != "") {
			names[i] = f[0]
		}
	}
	if !mentionsUs(names) {
		return nil
	}
	d := &Directive{Kind: Nolint, Checks: names, Reason: strings.TrimSpace(reason)}
	d.validate("//nolint:" + strings.Join(d.Checks, ",") + " // reason")
	return d
}

// validate keeps the names of ours that name a check and reports the
// others: a Problem when none is left (or there is no reason), a Note when
// valid ones remain and still apply. Another tool's names are dropped.
func (d *Directive) validate(want string) {
	var valid, unknown []string
	for _, c := range d.Checks {
		switch {
		case suite.Ours(c) && suite.Known(c):
			valid = append(valid, c)
		case suite.Ours(c):
			unknown = append(unknown, fmt.Sprintf("%q", c))
		case nearMiss(c) != "":
			unknown = append(unknown, fmt.Sprintf("%q (did you mean %s?)", c, nearMiss(c)))
		}
	}
	d.Checks = valid
	if len(unknown) > 0 {
		what := "check " + unknown[0]
		if len(unknown) > 1 {
			what = "checks " + strings.Join(unknown[:len(unknown)-1], ", ") + " and " + unknown[len(unknown)-1]
		}
		msg := fmt.Sprintf("unknown fencecheck %s in suppression comment; valid names are codes such as FC1001, analyzer names such as unfencedwrite, or %q", what, checks.SuiteName)
		if len(valid) == 0 {
			d.Problem = msg
			return
		}
		d.Note = msg + "; the other names (" + strings.Join(valid, ",") + ") still apply"
	}
	if strings.TrimSpace(d.Reason) == "" {
		d.Problem = fmt.Sprintf("suppression comment without a reason; write %s", want)
	}
}

// nearMiss returns the name of ours that name is a likely typo of (two
// edits or fewer from an analyzer name or the suite's name), or "".
func nearMiss(name string) string {
	if len(name) < 6 || suite.Ours(name) {
		return ""
	}
	lower := strings.ToLower(name)
	cands := []string{checks.SuiteName}
	for _, c := range checks.Catalog {
		cands = append(cands, c.Name)
	}
	for _, c := range cands {
		if suggest.Distance(lower, c) <= 2 {
			return c
		}
	}
	return ""
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// mentionsUs reports whether a list names a check of ours, or a near miss
// of one.
func mentionsUs(names []string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return suite.Ours(n) || nearMiss(n) != "" })
}

// Covers reports whether d suppresses check c at the given file and line.
func (d *Directive) Covers(c checks.Check, file string, line int) bool {
	if d.Problem != "" || d.File != file || line < d.From || line > d.To {
		return false
	}
	return slices.ContainsFunc(d.Checks, func(n string) bool { return suite.Suppresses(n, c) })
}

// lineIndex knows, per line, the first column where code starts and the
// last line of the outermost node starting on that line.
type lineIndex struct {
	firstCol map[int]int
	lastLine map[int]int
}

func indexLines(fset *token.FileSet, f *ast.File) *lineIndex {
	li := &lineIndex{firstCol: map[int]int{}, lastLine: map[int]int{}}
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		switch n.(type) {
		case *ast.File, *ast.CommentGroup, *ast.Comment:
			return true
		}
		start, end := fset.Position(n.Pos()), fset.Position(n.End())
		if c, ok := li.firstCol[start.Line]; !ok || start.Column < c {
			li.firstCol[start.Line] = start.Column
		}
		if end.Line > li.lastLine[start.Line] {
			li.lastLine[start.Line] = end.Line
		}
		return true
	})
	return li
}

func (li *lineIndex) codeBefore(line, col int) bool {
	c, ok := li.firstCol[line]
	return ok && c < col
}

func (li *lineIndex) extent(line int) int {
	if l, ok := li.lastLine[line]; ok && l > line {
		return l
	}
	return line
}
