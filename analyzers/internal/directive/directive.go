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
// A check may be named by code (FC1001), by analyzer name (unfencedwrite),
// by a code glob (FC1*), or as "fencecheck" for all checks (the grammar is
// internal/suite's, shared with the drivers). A directive
// that names none of fencecheck's checks belongs to another tool and is
// left alone. A directive of ours without a reason, naming an unknown
// check, or suppressing nothing is a problem that the suppression check
// (FC0001) reports; so is a //lint:ignore, //lint:file-ignore or //nolint:
// that names no check at all, which suppresses nothing for any tool.
package directive

import (
	"fmt"
	"github.com/fencecheck/fencecheck/internal/checks"
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
	Nolint                 // //nolint:
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
	Problem string // why the directive is malformed; "" if it is fine
	Used    bool   // set by the caller when the directive suppressed something
}

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
	case strings.HasPrefix(body, "nolint"):
		rest := strings.TrimPrefix(body, "nolint")
		if !strings.HasPrefix(rest, ":") {
			return nil // bare //nolint: everything, reason optional; not ours to police
		}
		list, reason, _ := strings.Cut(rest[1:], "//")
		names := splitList(strings.TrimSpace(list))
		if len(names) == 0 {
			// "//nolint:" and no linter: a typo for //nolint or for a
			// list; it suppresses nothing it was meant to.
			return &Directive{Kind: Nolint, Reason: strings.TrimSpace(reason),
				Problem: fmt.Sprintf("suppression comment names no check; write //nolint:%s // reason (or an analyzer name such as //nolint:unfencedwrite)", checks.SuiteName)}
		}
		// golangci-lint stops the list at the first space.
		if i := strings.IndexAny(strings.TrimSpace(list), " \t"); i >= 0 {
			names = splitList(strings.TrimSpace(list)[:i])
		}
		if !mentionsUs(names) {
			return nil
		}
		d := &Directive{Kind: Nolint, Checks: names, Reason: strings.TrimSpace(reason)}
		d.validate("//nolint:" + strings.Join(names, ",") + " // reason")
		return d
	}
	return nil
}

func (d *Directive) validate(want string) {
	for _, c := range d.Checks {
		if !suite.Known(c) {
			d.Problem = fmt.Sprintf("unknown fencecheck check %q in suppression comment; valid names are codes such as FC1001, analyzer names such as unfencedwrite, or %q", c, checks.SuiteName)
			return
		}
	}
	if strings.TrimSpace(d.Reason) == "" {
		d.Problem = fmt.Sprintf("suppression comment without a reason; write %s", want)
	}
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

func mentionsUs(names []string) bool { return slices.ContainsFunc(names, suite.Ours) }

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
