// Package baseline records a code base's findings in a file, so that a team
// can adopt fencecheck without fixing every old finding first, and filters
// later runs down to the findings that are not in it.
//
// A finding is recorded by a fingerprint that survives unrelated edits: it
// keys on the check's code, the package's import path, the file's base name,
// the enclosing function (Recv.Method or Func), the message with its
// positions taken out (pay.go:35 becomes pay.go) and the Go tokens of the
// flagged source line (its white space and comments left out). Line and column numbers are not part of it,
// so that lines added or removed elsewhere in the file, or the function
// moved within it, keep the finding recognised; editing the flagged line
// itself, renaming the function or moving it to another file makes it a new
// finding. Identical fingerprints (the same statement twice in a function)
// are counted, and as many of them as the baseline counts are matched.
//
// The file is JSON, version 1, its entries sorted, one field a line, so that
// a change to it reads well in a diff. The readable fields are there for the
// reviewer; matching uses the fingerprint alone.
package baseline

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Version is the format version this package reads and writes.
const Version = 1

// Entry is one recorded finding.
type Entry struct {
	Fingerprint string `json:"fingerprint"`
	Code        string `json:"code"`
	Package     string `json:"package"`
	File        string `json:"file"`
	Function    string `json:"function,omitempty"`
	Message     string `json:"message"`
	Source      string `json:"source,omitempty"`
	// Count is how many findings have this fingerprint, when more than one.
	Count int `json:"count,omitempty"`
}

// file is the JSON document.
type file struct {
	Version  int     `json:"version"`
	Tool     string  `json:"tool"`
	Comment  string  `json:"comment,omitempty"`
	Findings []Entry `json:"findings"`
}

const comment = "fencecheck baseline: the findings recorded here are not reported by fencecheck -baseline. " +
	"Rewrite it with fencecheck -baseline-write as findings are fixed."

// Finding is what a fingerprint is computed from: a finding as a driver
// sees it.
type Finding struct {
	Code     string
	Package  string // import path of the package analysed
	Filename string // the file as read from disk (absolute, or as the driver names it)
	Offset   int    // byte offset of the finding in the file
	Message  string
}

// Keyer computes entries, reading and parsing each file once. It is not
// safe for concurrent use; give each goroutine its own.
type Keyer struct {
	// ReadFile reads source files; nil means os.ReadFile.
	ReadFile func(name string) ([]byte, error)
	files    map[string]*source
}

type source struct {
	data  []byte // nil if unreadable
	funcs []span // top-level function declarations
}

type span struct {
	start, end int // byte offsets
	name       string
}

// Entry returns the entry that records f, its fingerprint computed.
func (k *Keyer) Entry(f Finding) Entry {
	e := Entry{
		Code:    f.Code,
		Package: f.Package,
		Message: normalise(f.Message),
	}
	if f.Filename != "" {
		e.File = filepath.Base(f.Filename)
		src := k.source(f.Filename)
		e.Function = src.function(f.Offset)
		e.Source = src.line(f.Offset)
	}
	e.Fingerprint = fingerprint(e)
	return e
}

// Fingerprint returns the fingerprint of f alone.
func (k *Keyer) Fingerprint(f Finding) string { return k.Entry(f).Fingerprint }

func fingerprint(e Entry) string {
	h := sha256.Sum256([]byte(strings.Join([]string{"v1", e.Code, e.Package, e.File, e.Function, e.Message, e.Source}, "\x00")))
	return hex.EncodeToString(h[:10])
}

func (k *Keyer) source(name string) *source {
	if s, ok := k.files[name]; ok {
		return s
	}
	if k.files == nil {
		k.files = map[string]*source{}
	}
	read := k.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	s := &source{}
	if data, err := read(name); err == nil {
		s.data = data
		fset := token.NewFileSet()
		// A file with syntax errors still gives the declarations before
		// them; the analysis of such a package fails anyway.
		af, _ := parser.ParseFile(fset, name, data, parser.SkipObjectResolution)
		if af != nil {
			tf := fset.File(af.Pos())
			for _, d := range af.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					s.funcs = append(s.funcs, span{tf.Offset(fd.Pos()), tf.Offset(fd.End()), funcName(fd)})
				}
			}
		}
	}
	k.files[name] = s
	return s
}

// function is the name of the top-level function declaration holding the
// offset; "" outside any.
func (s *source) function(off int) string {
	for _, f := range s.funcs {
		if f.start <= off && off < f.end {
			return f.name
		}
	}
	return ""
}

// line is the Go tokens of the line holding the offset, separated by one
// space: white space and comments (a //nolint or // TODO added later) are
// left out.
func (s *source) line(off int) string {
	if off < 0 || off > len(s.data) {
		return ""
	}
	start := bytes.LastIndexByte(s.data[:off], '\n') + 1
	end := bytes.IndexByte(s.data[off:], '\n')
	if end < 0 {
		end = len(s.data)
	} else {
		end += off
	}
	text := s.data[start:end]
	var sc scanner.Scanner
	sc.Init(token.NewFileSet().AddFile("", -1, len(text)), text, func(token.Position, string) {}, 0)
	var toks []string
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // inserted at the end of the line
		}
		toks = append(toks, cmp.Or(lit, tok.String()))
	}
	return strings.Join(toks, " ")
}

// funcName is "Func", "Type.Method" or "(*Type).Method", type parameters
// left out.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	star := false
	if p, ok := t.(*ast.StarExpr); ok {
		star, t = true, p.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	recv := "?"
	if id, ok := t.(*ast.Ident); ok {
		recv = id.Name
	}
	if star {
		return "(*" + recv + ")." + fd.Name.Name
	}
	return recv + "." + fd.Name.Name
}

// goPos is a position in a message (pay.go:35 or pay.go:35:12).
var goPos = regexp.MustCompile(`(\.go):\d+(?::\d+)?`)

// normalise takes the line and column numbers out of a message and folds
// its white space: a message that names the lock's line ("acquired at
// pay.go:35") must not change when that line moves.
func normalise(msg string) string {
	return strings.Join(strings.Fields(goPos.ReplaceAllString(msg, "$1")), " ")
}

// Write writes the entries as a baseline file: equal fingerprints merged
// into one entry with a count, sorted by package, file, function, code,
// message and fingerprint.
func Write(w io.Writer, entries []Entry) error {
	count := map[string]int{}
	var out []Entry
	for _, e := range entries {
		if count[e.Fingerprint] == 0 {
			e.Count = 0
			out = append(out, e)
		}
		count[e.Fingerprint] += max(e.Count, 1)
	}
	for i := range out {
		if n := count[out[i].Fingerprint]; n > 1 {
			out[i].Count = n
		}
	}
	slices.SortFunc(out, func(a, b Entry) int {
		return cmp.Or(
			strings.Compare(a.Package, b.Package),
			strings.Compare(a.File, b.File),
			strings.Compare(a.Function, b.Function),
			strings.Compare(a.Code, b.Code),
			strings.Compare(a.Message, b.Message),
			strings.Compare(a.Fingerprint, b.Fingerprint),
		)
	})
	if out == nil {
		out = []Entry{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(file{Version: Version, Tool: "fencecheck", Comment: comment, Findings: out})
}

// WriteFile writes the baseline file name atomically.
func WriteFile(name string, entries []Entry) error {
	var buf bytes.Buffer
	if err := Write(&buf, entries); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return fmt.Errorf("baseline %s: cannot write: %w", name, unwrapPath(err))
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(buf.Bytes())
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		return fmt.Errorf("baseline %s: cannot write: %w", name, unwrapPath(err))
	}
	return nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Baseline is a read baseline file.
type Baseline struct {
	counts map[string]int // fingerprint -> how many findings it records
}

// ReadFile reads and checks a baseline file.
func ReadFile(name string) (*Baseline, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", name, unwrapPath(err))
	}
	b, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", name, err)
	}
	return b, nil
}

var hexFingerprint = regexp.MustCompile(`^[0-9a-f]{20}$`)

// Parse reads a baseline file's contents. A file that is not a fencecheck
// baseline, of another version, or with a malformed entry is an error that
// says what to do.
func Parse(data []byte) (*Baseline, error) {
	var head struct {
		Version *int   `json:"version"`
		Tool    string `json:"tool"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("not a fencecheck baseline (malformed JSON: %v); write one with fencecheck -baseline-write", err)
	}
	switch {
	case head.Version == nil || head.Tool != "fencecheck":
		return nil, errors.New(`not a fencecheck baseline (no "version" and "tool": "fencecheck"); write one with fencecheck -baseline-write`)
	case *head.Version != Version:
		return nil, fmt.Errorf("version %d is not supported (this fencecheck reads version %d); rewrite it with this fencecheck's -baseline-write", *head.Version, Version)
	}
	var f file
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("malformed: %v; rewrite it with fencecheck -baseline-write", err)
	}
	b := &Baseline{counts: map[string]int{}}
	for i, e := range f.Findings {
		if !hexFingerprint.MatchString(e.Fingerprint) {
			return nil, fmt.Errorf("finding %d: fingerprint %q is not 20 hexadecimal digits; rewrite the file with fencecheck -baseline-write", i+1, e.Fingerprint)
		}
		if e.Count < 0 {
			return nil, fmt.Errorf("finding %d: negative count %d", i+1, e.Count)
		}
		b.counts[e.Fingerprint] += max(e.Count, 1)
	}
	return b, nil
}

// Len is the number of findings the baseline records.
func (b *Baseline) Len() int {
	n := 0
	for _, c := range b.counts {
		n += c
	}
	return n
}

// Matcher matches the findings of one run (or one package) against a
// baseline, each recorded finding once.
type Matcher struct {
	b    *Baseline
	used map[string]int
}

// Matcher returns a matcher with every recorded finding still unmatched.
func (b *Baseline) Matcher() *Matcher { return &Matcher{b: b, used: map[string]int{}} }

// Match reports whether a finding with the fingerprint is recorded and not
// yet matched, and if so counts it as matched.
func (m *Matcher) Match(fp string) bool {
	if m.used[fp] < m.b.counts[fp] {
		m.used[fp]++
		return true
	}
	return false
}

// Gone is how many recorded findings were not matched: fixed, or changed
// beyond recognition.
func (m *Matcher) Gone() int {
	n := 0
	for fp, c := range m.b.counts {
		n += c - m.used[fp]
	}
	return n
}
