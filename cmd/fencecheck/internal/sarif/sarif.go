// Package sarif writes fencecheck findings as a SARIF 2.1.0 log of the
// shape GitHub code scanning accepts: one run, a rule for every check,
// repository-relative artifact URIs under %SRCROOT%, UTF-16 columns, code
// flows built from the related locations, and partial fingerprints so that
// an alert keeps its identity when unrelated lines move.
//
// Positions come in with Go's conventions (1-based lines, 1-based byte
// columns, exclusive end) and the package converts them; it reads the
// source files itself for the column conversion and the fingerprints.
package sarif

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// SchemaURI is the published schema of SARIF 2.1.0 (with errata 01).
const SchemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// srcRoot is the uriBaseId of every artifact under Report.Root.
const srcRoot = "%SRCROOT%"

// Rule describes one check.
type Rule struct {
	ID           string // check code, "FC1001"
	Name         string // analyzer name, "unfencedwrite"
	Title        string // one line
	Summary      string // one paragraph
	HelpMarkdown string // the check's documentation page
	HelpURI      string
}

// Location is a source range, or a related location with its message.
type Location struct {
	File                string // absolute path
	StartLine, StartCol int    // 1-based; column in bytes
	EndLine, EndCol     int    // exclusive end; column in bytes; 0 means "same as start"
	Message             string // related locations only
}

// Result is one finding.
type Result struct {
	RuleID   string
	Message  string
	Location Location
	Related  []Location // in the order the analyzer reported them
	// Fingerprints are further partialFingerprints, by name (the
	// baseline's, which does not depend on the line's neighbours).
	Fingerprints map[string]string
}

// Report is everything a log is built from.
type Report struct {
	ToolName       string
	Version        string
	InformationURI string
	Rules          []Rule
	Results        []Result
	// Root is the absolute directory that %SRCROOT% stands for; artifact
	// URIs are relative to it. Files outside it get absolute file: URIs.
	Root string
	// Errors are problems that made the run incomplete (packages that did
	// not load, failed analyses). They become tool execution
	// notifications, and executionSuccessful is false when there are any.
	Errors []string
	// ReadFile reads source files; nil means os.ReadFile.
	ReadFile func(name string) ([]byte, error)
}

// Write encodes r as an indented SARIF log.
func Write(w io.Writer, r Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(Build(r))
}

// Build converts r to the SARIF object model.
func Build(r Report) *Log {
	b := &builder{r: r, lines: map[string][]string{}}
	if b.r.ReadFile == nil {
		b.r.ReadFile = os.ReadFile
	}

	driver := ToolComponent{
		Name:           r.ToolName,
		Version:        r.Version,
		InformationURI: r.InformationURI,
		Rules:          []ReportingDescriptor{},
	}
	ruleIndex := map[string]int{}
	for i, rule := range r.Rules {
		ruleIndex[rule.ID] = i
		d := ReportingDescriptor{
			ID:                   rule.ID,
			Name:                 rule.Name,
			HelpURI:              rule.HelpURI,
			DefaultConfiguration: &ReportingConfiguration{Level: "error"},
		}
		if rule.Title != "" {
			d.ShortDescription = &MultiformatMessage{Text: rule.Title}
		}
		if rule.Summary != "" {
			d.FullDescription = &MultiformatMessage{Text: rule.Summary}
		}
		if rule.HelpMarkdown != "" {
			d.Help = &MultiformatMessage{Text: rule.HelpMarkdown, Markdown: rule.HelpMarkdown}
		}
		driver.Rules = append(driver.Rules, d)
	}

	run := Run{
		Tool:       Tool{Driver: driver},
		ColumnKind: "utf16CodeUnits",
		Results:    []ResultObject{},
		Invocations: []Invocation{{
			ExecutionSuccessful: len(r.Errors) == 0,
		}},
	}
	for _, e := range r.Errors {
		run.Invocations[0].ToolExecutionNotifications = append(run.Invocations[0].ToolExecutionNotifications,
			Notification{Level: "error", Message: Message{Text: e}})
	}
	if r.Root != "" {
		run.OriginalURIBaseIDs = map[string]ArtifactLocation{srcRoot: {URI: dirURI(r.Root)}}
	}

	// Identical (rule, file, line text) triples are told apart by their
	// order of appearance, as GitHub's own fingerprinting does.
	seen := map[string]int{}
	for _, res := range r.Results {
		out := ResultObject{
			RuleID:    res.RuleID,
			Level:     "error",
			Message:   Message{Text: res.Message},
			Locations: []LocationObject{{PhysicalLocation: b.physical(res.Location)}},
		}
		if i, ok := ruleIndex[res.RuleID]; ok {
			out.RuleIndex = &i
		}

		flow := ThreadFlow{}
		for i, rel := range res.Related {
			loc := LocationObject{
				ID:               i + 1,
				PhysicalLocation: b.physical(rel),
				Message:          &Message{Text: rel.Message},
			}
			out.RelatedLocations = append(out.RelatedLocations, loc)
			loc.ID = 0 // ids belong to relatedLocations only
			flow.Locations = append(flow.Locations, ThreadFlowLocation{Location: loc})
		}
		flow.Locations = append(flow.Locations, ThreadFlowLocation{Location: LocationObject{
			PhysicalLocation: b.physical(res.Location),
			Message:          &Message{Text: res.Message},
		}})
		out.CodeFlows = []CodeFlow{{ThreadFlows: []ThreadFlow{flow}}}

		hash := b.lineHash(res.RuleID, res.Location)
		out.PartialFingerprints = map[string]string{
			"primaryLocationLineHash": hash + ":" + strconv.Itoa(seen[hash]),
		}
		for k, v := range res.Fingerprints {
			out.PartialFingerprints[k] = v
		}
		seen[hash]++
		run.Results = append(run.Results, out)
	}

	return &Log{Schema: SchemaURI, Version: "2.1.0", Runs: []Run{run}}
}

type builder struct {
	r     Report
	lines map[string][]string // file -> lines without terminators; nil if unreadable
}

// line returns the text of a 1-based line, or "" and false if unknown.
func (b *builder) line(file string, n int) (string, bool) {
	ls, ok := b.lines[file]
	if !ok {
		if data, err := b.r.ReadFile(file); err == nil {
			ls = strings.Split(string(data), "\n")
			for i, l := range ls {
				ls[i] = strings.TrimSuffix(l, "\r")
			}
		}
		b.lines[file] = ls
	}
	if n < 1 || n > len(ls) {
		return "", false
	}
	return ls[n-1], true
}

// column converts a 1-based byte column on a line to UTF-16 code units.
// Without the source it keeps the byte column, which is right for ASCII.
func (b *builder) column(file string, line, col int) int {
	text, ok := b.line(file, line)
	if !ok || col < 1 {
		return max(col, 1)
	}
	return UTF16Column(text, col)
}

// UTF16Column converts the 1-based byte column col on a line of text into
// a 1-based column counted in UTF-16 code units. Columns past the end of
// the line are extended byte for byte.
func UTF16Column(text string, col int) int {
	n := col - 1
	extra := 0
	if n > len(text) {
		extra = n - len(text)
		n = len(text)
	}
	units := 0
	for _, r := range text[:n] {
		if r == utf8.RuneError {
			units++ // an invalid byte counts as one unit, as editors show it
			continue
		}
		units += utf16.RuneLen(r)
	}
	return units + extra + 1
}

func (b *builder) physical(l Location) *PhysicalLocation {
	endLine, endCol := l.EndLine, l.EndCol
	if endLine == 0 {
		endLine, endCol = l.StartLine, l.StartCol
	}
	return &PhysicalLocation{
		ArtifactLocation: b.artifact(l.File),
		Region: &Region{
			StartLine:   max(l.StartLine, 1),
			StartColumn: b.column(l.File, l.StartLine, l.StartCol),
			EndLine:     max(endLine, 1),
			EndColumn:   b.column(l.File, endLine, endCol),
		},
	}
}

// relative returns file relative to Root with forward slashes, or false if
// it is outside.
func (b *builder) relative(file string) (string, bool) {
	if b.r.Root == "" {
		return "", false
	}
	rel, err := filepath.Rel(b.r.Root, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func (b *builder) artifact(file string) ArtifactLocation {
	if rel, ok := b.relative(file); ok {
		return ArtifactLocation{URI: (&url.URL{Path: rel}).String(), URIBaseID: srcRoot}
	}
	return ArtifactLocation{URI: fileURI(file)}
}

// lineHash identifies a finding by what it is about rather than where the
// file's lines happen to be: the rule, the file, and the flagged line with
// its whitespace normalised.
func (b *builder) lineHash(rule string, l Location) string {
	file, ok := b.relative(l.File)
	if !ok {
		file = filepath.ToSlash(l.File)
	}
	text, _ := b.line(l.File, l.StartLine)
	h := sha256.Sum256([]byte(rule + "\x00" + file + "\x00" + strings.Join(strings.Fields(text), " ")))
	return hex.EncodeToString(h[:8])
}

func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // Windows drive letters
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// dirURI is the file: URI of a directory; SARIF wants base URIs to end in
// a slash so that relative references resolve inside them.
func dirURI(dir string) string {
	u := fileURI(dir)
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}
