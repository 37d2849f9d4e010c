package driver

import (
	"errors"
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"
)

const testModule = "testdata/mod"

// marked is the fact that a function is marked: annotated with //driver:mark, or
// calling a marked function.
type marked struct{ Via string }

func (*marked) AFact() {}

// newMarker returns an analyzer that marks functions and reports calls of
// marked functions of other packages; seen records the packages it ran on.
func newMarker(seen *sync.Map) *analysis.Analyzer { return newMarkerCensus(seen, false) }

// newMarkerCensus is newMarker that, with census, also reports the facts it
// can see (AllObjectFacts) at the package clause.
func newMarkerCensus(seen *sync.Map, census bool) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:      "marker",
		Doc:       "reports calls of marked functions",
		URL:       "https://example.com/marker",
		FactTypes: []analysis.Fact{new(marked)},
		Run: func(pass *analysis.Pass) (any, error) {
			if seen != nil {
				seen.Store(pass.Pkg.Path(), true)
			}
			for _, f := range pass.Files {
				for _, decl := range f.Decls {
					fd, ok := decl.(*ast.FuncDecl)
					if !ok || fd.Body == nil {
						continue
					}
					fn := pass.TypesInfo.Defs[fd.Name].(*types.Func)
					if fd.Doc != nil && slices.ContainsFunc(fd.Doc.List, func(c *ast.Comment) bool { return c.Text == "//driver:mark" }) {
						pass.ExportObjectFact(fn, &marked{Via: "annotation"})
					}
					ast.Inspect(fd.Body, func(n ast.Node) bool {
						call, ok := n.(*ast.CallExpr)
						if !ok {
							return true
						}
						callee, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
						var m marked
						if callee == nil || !pass.ImportObjectFact(callee, &m) {
							return true
						}
						if callee.Pkg() != pass.Pkg {
							pass.Report(analysis.Diagnostic{Pos: call.Pos(), Category: "M1",
								Message: fmt.Sprintf("call of marked %s.%s (%s)", callee.Pkg().Name(), callee.Name(), m.Via)})
						}
						pass.ExportObjectFact(fn, &marked{Via: callee.Name()})
						return true
					})
				}
			}
			if census {
				var names []string
				for _, f := range pass.AllObjectFacts() {
					names = append(names, f.Object.Pkg().Name()+"."+f.Object.Name())
				}
				slices.Sort(names)
				pass.Report(analysis.Diagnostic{Pos: pass.Files[0].Package, Category: "M2",
					Message: "facts: " + strings.Join(names, " ")})
			}
			return nil, nil
		},
	}
}

// findings runs the driver and returns its diagnostics as sorted, distinct
// "file:line: message" lines.
func findings(t *testing.T, cfg *Config) ([]string, *Result) {
	t.Helper()
	var out []string
	cfg.Dir = testModule
	cfg.Report = func(p *packages.Package, a *analysis.Analyzer, d Diagnostic) {
		out = append(out, fmt.Sprintf("%s:%d: %s", filepath.Base(d.Pos.Filename), d.Pos.Line, d.Message))
		if d.URL != a.URL+"#"+d.Category {
			t.Errorf("URL %q, want the analyzer's with #%s", d.URL, d.Category)
		}
	}
	res, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return slices.Compact(out), res
}

// checkerFindings runs x/tools' checker, which keeps every package in
// memory and passes facts without serializing them, on the same packages.
func checkerFindings(t *testing.T, a *analysis.Analyzer, tests bool, patterns ...string) []string {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: testModule, Tests: tests}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			pos := act.Package.Fset.Position(d.Pos)
			out = append(out, fmt.Sprintf("%s:%d: %s", filepath.Base(pos.Filename), pos.Line, d.Message))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestFactsAcrossPackages(t *testing.T) {
	marker := newMarker(nil)
	got, res := findings(t, &Config{Patterns: []string{"./c"}, Tests: true, Analyzers: []*analysis.Analyzer{marker}})
	want := []string{
		"c.go:10: call of marked b.Wrap (Marked)",
		"c.go:11: call of marked b.Method (M)",
		"c_test.go:9: call of marked b.Wrap (Marked)",
		// c.Use is marked in the test variant of c that the external
		// test imports (by its last marked call).
		"x_test.go:9: call of marked c.Use (Method)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(res.Failures) > 0 {
		t.Errorf("failures: %v", res.Failures)
	}
	if ref := checkerFindings(t, marker, true, "./c"); !slices.Equal(got, ref) {
		t.Errorf("driver and x/tools checker disagree:\ndriver:\n%s\nchecker:\n%s", strings.Join(got, "\n"), strings.Join(ref, "\n"))
	}
}

func TestRootsOfAllPackages(t *testing.T) {
	marker := newMarker(nil)
	got, _ := findings(t, &Config{Patterns: []string{"./a", "./b", "./c", "./quiet"}, Analyzers: []*analysis.Analyzer{marker}})
	if ref := checkerFindings(t, marker, false, "./a", "./b", "./c", "./quiet"); !slices.Equal(got, ref) {
		t.Errorf("driver and x/tools checker disagree:\ndriver:\n%s\nchecker:\n%s", strings.Join(got, "\n"), strings.Join(ref, "\n"))
	}
	if !slices.Contains(got, "b.go:6: call of marked a.Marked (annotation)") {
		t.Errorf("findings of root b missing:\n%s", strings.Join(got, "\n"))
	}
}

func TestNeededSkipsPackages(t *testing.T) {
	var seen sync.Map
	var asked []string
	var mu sync.Mutex
	cfg := &Config{
		Patterns:  []string{"./c"},
		Analyzers: []*analysis.Analyzer{newMarker(&seen)},
		Needed: func(p *packages.Package, root, depFacts bool) bool {
			mu.Lock()
			asked = append(asked, fmt.Sprintf("%s root=%v depFacts=%v", p.PkgPath, root, depFacts))
			mu.Unlock()
			return p.PkgPath != "example.com/mod/quiet" && p.PkgPath != "fmt"
		},
	}
	got, _ := findings(t, cfg)
	if len(got) != 2 {
		t.Errorf("findings: %q, want the two in c.go", got)
	}
	for _, path := range []string{"example.com/mod/a", "example.com/mod/b", "example.com/mod/c"} {
		if _, ok := seen.Load(path); !ok {
			t.Errorf("%s was not analysed", path)
		}
	}
	if _, ok := seen.Load("example.com/mod/quiet"); ok {
		t.Errorf("quiet was analysed although Needed ruled it out")
	}
	slices.Sort(asked)
	for _, want := range []string{
		"example.com/mod/a root=false depFacts=false",
		"example.com/mod/b root=false depFacts=true",
		"example.com/mod/c root=true depFacts=true",
		"example.com/mod/quiet root=false depFacts=false",
	} {
		if !slices.Contains(asked, want) {
			t.Errorf("Needed was not asked %q; asked:\n%s", want, strings.Join(asked, "\n"))
		}
	}
}

func TestBrokenDependency(t *testing.T) {
	var seen sync.Map
	got, res := findings(t, &Config{Patterns: []string{"./usesbroken"}, Analyzers: []*analysis.Analyzer{newMarker(&seen)}})
	if len(got) > 0 {
		t.Errorf("findings for a package that does not type-check: %q", got)
	}
	var errs []string
	packages.Visit(res.Packages, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, p.PkgPath+": "+e.Msg)
		}
	})
	typeErr := slices.ContainsFunc(errs, func(e string) bool {
		return strings.HasPrefix(e, `example.com/mod/broken: cannot use "not a number"`)
	})
	if !typeErr {
		t.Errorf("no type error for broken; errors:\n%s", strings.Join(errs, "\n"))
	}
	if slices.ContainsFunc(errs, func(e string) bool { return strings.Contains(e, "could not import") }) {
		t.Errorf("the importer's failure is reported besides the cause:\n%s", strings.Join(errs, "\n"))
	}
	if _, ok := seen.Load("example.com/mod/usesbroken"); ok {
		t.Errorf("a package whose dependency does not compile was analysed")
	}
	if !res.Roots[0].IllTyped {
		t.Errorf("usesbroken is not marked IllTyped")
	}
}

func TestFailures(t *testing.T) {
	failing := &analysis.Analyzer{
		Name:      "failing",
		Doc:       "fails on b, panics on c",
		FactTypes: []analysis.Fact{new(marked)},
		Run: func(pass *analysis.Pass) (any, error) {
			switch pass.Pkg.Name() {
			case "b":
				return nil, errors.New("boom")
			case "c":
				panic("bang")
			}
			return nil, nil
		},
	}
	dependent := &analysis.Analyzer{
		Name:     "dependent",
		Doc:      "requires failing",
		Requires: []*analysis.Analyzer{failing},
		Run: func(pass *analysis.Pass) (any, error) {
			t.Errorf("dependent ran on %s although failing failed", pass.Pkg.Path())
			return nil, nil
		},
	}
	_, res := findings(t, &Config{Patterns: []string{"./c"}, Analyzers: []*analysis.Analyzer{dependent}})
	var got []string
	for _, f := range res.Failures {
		got = append(got, fmt.Sprintf("%s %s %v", f.Package.PkgPath, f.Analyzer.Name, f.Err))
	}
	if len(got) != 2 || !strings.HasPrefix(got[0], "example.com/mod/b failing boom") ||
		!strings.HasPrefix(got[1], "example.com/mod/c failing internal error in package example.com/mod/c (failing): panic: bang") {
		t.Errorf("failures:\n%s", strings.Join(got, "\n"))
	}
}

func TestReadFile(t *testing.T) {
	var errs []string
	reader := &analysis.Analyzer{
		Name: "reader",
		Doc:  "reads its own file and another",
		Run: func(pass *analysis.Pass) (any, error) {
			own := pass.Fset.File(pass.Files[0].FileStart).Name()
			if _, err := pass.ReadFile(own); err != nil {
				errs = append(errs, err.Error())
			}
			if _, err := pass.ReadFile(filepath.Join(filepath.Dir(own), "..", "go.mod")); err == nil {
				errs = append(errs, "go.mod could be read")
			}
			return nil, nil
		},
	}
	findings(t, &Config{Patterns: []string{"./a"}, Analyzers: []*analysis.Analyzer{reader}})
	if len(errs) > 0 {
		t.Error(strings.Join(errs, "\n"))
	}
}

// TestFactVisibility checks that a package sees the facts go vet would
// hand it: all facts of its direct imports, and from further down only
// those about types, fields and methods. c imports b, which imports a and
// has a.T in its API.
func TestFactVisibility(t *testing.T) {
	marker := newMarkerCensus(nil, true)
	got, _ := findings(t, &Config{Patterns: []string{"./c"}, Analyzers: []*analysis.Analyzer{marker}})
	want := "c.go:2: facts: a.M b.Method b.Wrap c.Use" // b.local is not in b's export data
	if !slices.Contains(got, want) {
		t.Errorf("findings:\n%s\nwant among them %q (a.Marked is a function of an indirect import)", strings.Join(got, "\n"), want)
	}
}

// A defined type whose underlying type is another package's interface with an
// unexported method (type ReaderOption stream.ConsumerOption) keeps that
// method's package in export data, so a value of the one is assignable to the
// other in importers, as the compiler says (harness's events and stream).
func TestRedefinedInterfaceWithUnexportedMethod(t *testing.T) {
	_, res := findings(t, &Config{Patterns: []string{"./ifopt/..."}, Analyzers: []*analysis.Analyzer{newMarker(nil)}})
	for _, f := range res.Failures {
		t.Errorf("failure: %v", f)
	}
	packages.Visit(res.Packages, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
	})
}

// go/packages lists the file named by a package's error position as the
// package's own when the package has no files (its work-around for
// golang/go#39986), even when the file is an importer's: a directory whose
// generated code is missing, imported from data.go, gets data.go. Type
// checked as that package, the file imports nothing ("could not import
// context (no metadata for context)"). Such files are dropped; the
// package's own files, and cgo's files in the build cache, stay.
func TestBorrowedFiles(t *testing.T) {
	conf := &packages.Package{PkgPath: "m/conf", Dir: "/m/conf",
		GoFiles: []string{"/m/data/data.go"}, CompiledGoFiles: []string{"/m/data/data.go"},
		Errors: []packages.Error{{Pos: "data/data.go:7:2", Msg: "example.com/x@v1.0.0: 403 Forbidden", Kind: packages.ListError}}}
	data := &packages.Package{PkgPath: "m/data", Dir: "/m/data",
		GoFiles: []string{"/m/data/data.go"}, CompiledGoFiles: []string{"/m/data/data.go"},
		Imports: map[string]*packages.Package{"m/conf": conf}}
	syntax := &packages.Package{PkgPath: "m/bad", Dir: "/m/bad",
		GoFiles: []string{"/m/bad/bad.go"}, CompiledGoFiles: []string{"/m/bad/bad.go", "/cache/x/_cgo_gotypes.go"},
		Errors: []packages.Error{{Pos: "/m/bad/bad.go:3:1", Msg: "expected declaration", Kind: packages.ParseError}}}
	dropBorrowedFiles([]*packages.Package{data, syntax}, "/m")
	if len(conf.GoFiles)+len(conf.CompiledGoFiles) > 0 {
		t.Errorf("conf keeps its importer's file: %q %q", conf.GoFiles, conf.CompiledGoFiles)
	}
	if len(data.CompiledGoFiles) != 1 || len(syntax.CompiledGoFiles) != 2 || len(syntax.GoFiles) != 1 {
		t.Errorf("a package lost its own files: %q %q %q", data.CompiledGoFiles, syntax.GoFiles, syntax.CompiledGoFiles)
	}
}
