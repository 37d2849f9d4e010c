package driver

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// Diagnostic is an analysis.Diagnostic with its positions resolved: it
// does not depend on the run's file sets, so that a cached one is the
// same as a new one.
type Diagnostic struct {
	Category string
	Message  string
	URL      string         // resolved against the analyzer's (resolveURL)
	Pos, End token.Position // adjusted by //line directives, as go vet prints them; End is Pos if unknown
	Related  []Related
	Fixes    []Fix
}

// Related is a related location of a diagnostic.
type Related struct {
	Pos, End token.Position
	Message  string
}

// Fix is a suggested fix.
type Fix struct {
	Message string
	Edits   []Edit
}

// Edit is a text edit of a fix. Its positions ignore //line directives: a
// fix edits the file on disk, and a directive names another file (a
// template, a .y file) with this file's byte offsets.
type Edit struct {
	Pos, End token.Position
	NewText  string
}

// resolve turns d into a Diagnostic. own are the files the package was
// parsed from; any other file is another package's, read from export
// data.
func resolve(fset *token.FileSet, own []*ast.File, d analysis.Diagnostic) Diagnostic {
	out := Diagnostic{Category: d.Category, Message: d.Message, URL: d.URL}
	out.Pos, out.End = span(fset, d.Pos, d.End)
	for _, r := range d.Related {
		rel := Related{Message: r.Message}
		rel.Pos, rel.End = span(fset, r.Pos, r.End)
		if !slices.ContainsFunc(own, func(f *ast.File) bool { return f.FileStart <= r.Pos && r.Pos <= f.FileEnd }) {
			rel.Pos, rel.End = exported(fset, r.Pos, rel.Pos), exported(fset, r.End, rel.End)
		}
		out.Related = append(out.Related, rel)
	}
	for _, sf := range d.SuggestedFixes {
		fx := Fix{Message: sf.Message}
		for _, e := range sf.TextEdits {
			ed := Edit{Pos: fset.PositionFor(e.Pos, false), NewText: string(e.NewText)}
			ed.End = ed.Pos
			if e.End.IsValid() {
				ed.End = fset.PositionFor(e.End, false)
			}
			fx.Edits = append(fx.Edits, ed)
		}
		out.Fixes = append(out.Fixes, fx)
	}
	return out
}

// span resolves a range; a missing end is the start.
func span(fset *token.FileSet, pos, end token.Pos) (token.Position, token.Position) {
	p := fset.Position(pos)
	if !end.IsValid() {
		return p, p
	}
	return p, fset.Position(end)
}

// exported resolves pos in a file read from export data, whose positions
// are one byte per line (x/tools' fake files) but whose line table stops
// at the last declaration recorded: a related location at a line past it
// (the line of a write in another package's function) is the file's base
// plus the line.
func exported(fset *token.FileSet, pos token.Pos, p token.Position) token.Position {
	tf := fset.File(pos)
	if tf == nil || !pos.IsValid() {
		return p
	}
	p.Line, p.Column = int(pos)-tf.Base()+1, 1
	return p
}
