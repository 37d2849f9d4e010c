package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"go/token"
	"io"

	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/sarif"
	"github.com/fencecheck/fencecheck/docs"
)

// informationURI is the project's home page, for SARIF consumers.
const informationURI = "https://github.com/fencecheck/fencecheck"

// writeText prints one finding per line, as go vet does, and its related
// locations indented below it:
//
//	a.go:12:3: write without the fencing token (FC1001)
//		a.go:9:2: lock acquired here
func writeText(w io.Writer, fs []finding, rel func(string) string) error {
	bw := bufio.NewWriter(w)
	for _, f := range fs {
		fmt.Fprintf(bw, "%s: %s\n", posString(f.pos, rel), f.message)
		for _, r := range f.related {
			fmt.Fprintf(bw, "\t%s: %s\n", posString(r.pos, rel), r.message)
		}
	}
	return bw.Flush()
}

// posString prints file:line:column; a position whose column is unknown
// (after a //line directive that gives none) is file:line, as in go vet.
func posString(p token.Position, rel func(string) string) string {
	if p.Column == 0 {
		return fmt.Sprintf("%s:%d", rel(p.Filename), p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", rel(p.Filename), p.Line, p.Column)
}

// The JSON Lines format: one jsonFinding per line. Columns are 1-based
// byte columns, as in the text output and go vet.
type jsonFinding struct {
	Code     string        `json:"code"`
	Analyzer string        `json:"analyzer"`
	Severity string        `json:"severity"`
	Location jsonLocation  `json:"location"`
	End      jsonLocation  `json:"end"`
	Message  string        `json:"message"`
	URL      string        `json:"url"`
	Related  []jsonRelated `json:"related"`
	Fixes    []jsonFix     `json:"fixes"`
}

type jsonLocation struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

type jsonRelated struct {
	Location jsonLocation `json:"location"`
	Message  string       `json:"message"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

// jsonEdit replaces the bytes [start.offset, end.offset) of file with new.
type jsonEdit struct {
	File  string    `json:"file"`
	Start jsonPoint `json:"start"`
	End   jsonPoint `json:"end"`
	New   string    `json:"new"`
}

type jsonPoint struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Offset int `json:"offset"` // 0-based byte offset in the file
}

func writeJSON(w io.Writer, fs []finding, rel func(string) string) error {
	loc := func(p token.Position) jsonLocation {
		return jsonLocation{File: rel(p.Filename), Line: p.Line, Column: p.Column}
	}
	point := func(p token.Position) jsonPoint {
		return jsonPoint{Line: p.Line, Column: p.Column, Offset: p.Offset}
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, f := range fs {
		// Empty lists are [] rather than null, so consumers need no nil case.
		jf := jsonFinding{
			Code:     f.code,
			Analyzer: f.analyzer,
			Severity: "error",
			Location: loc(f.pos),
			End:      loc(f.end),
			Message:  f.message,
			URL:      f.url,
			Related:  []jsonRelated{},
			Fixes:    []jsonFix{},
		}
		for _, r := range f.related {
			jf.Related = append(jf.Related, jsonRelated{Location: loc(r.pos), Message: r.message})
		}
		for _, fx := range f.fixes {
			jfx := jsonFix{Message: fx.message, Edits: []jsonEdit{}}
			for _, e := range fx.edits {
				jfx.Edits = append(jfx.Edits, jsonEdit{
					File:  rel(e.pos.Filename),
					Start: point(e.pos),
					End:   point(e.end),
					New:   e.new,
				})
			}
			jf.Fixes = append(jf.Fixes, jfx)
		}
		if err := enc.Encode(jf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// writeSARIF writes a SARIF log with a rule for every check of the suite,
// not only the selected ones, so that code scanning keeps describing rules
// whose alerts were closed.
func (c *command) writeSARIF(w io.Writer, res *result) error {
	r := sarif.Report{
		ToolName:       "fencecheck",
		Version:        version(),
		InformationURI: informationURI,
		Root:           c.workdir(),
		Errors:         res.errors,
	}
	for _, ch := range c.checks {
		page, _ := docs.Page(ch.ID)
		r.Rules = append(r.Rules, sarif.Rule{
			ID:           ch.ID,
			Name:         ch.Analyzer.Name,
			Title:        docs.Title(ch.ID),
			Summary:      docs.Summary(ch.ID),
			HelpMarkdown: page,
			HelpURI:      docs.URL(ch.ID),
		})
	}
	loc := func(p, e token.Position, msg string) sarif.Location {
		return sarif.Location{
			File:      p.Filename,
			StartLine: p.Line, StartCol: p.Column,
			EndLine: e.Line, EndCol: e.Column,
			Message: msg,
		}
	}
	// The baseline's fingerprint, so that a SARIF consumer can match
	// findings as -baseline does (internal/baseline).
	es := entries(res.findings)
	for i, f := range res.findings {
		sr := sarif.Result{RuleID: f.code, Message: f.message, Location: loc(f.pos, f.end, ""),
			Fingerprints: map[string]string{"fencecheck/v1": es[i].Fingerprint}}
		for _, rl := range f.related {
			sr.Related = append(sr.Related, loc(rl.pos, rl.end, rl.message))
		}
		r.Results = append(r.Results, sr)
	}
	return sarif.Write(w, r)
}
