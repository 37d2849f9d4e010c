package driver

import (
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// writeModule writes a module example.com/race with the given files and
// returns its directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/race\n\ngo 1.26\n"
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// fanOut is a module where base declares T0..Tn-1 (and a marked function),
// xI returns base.TI, gate imports every xI, and rI imports gate and xI: the
// r packages are type-checked once every x is done, and each reads, from
// xI's export data, a part of base that no other r needs.
func fanOut(n int) map[string]string {
	files := map[string]string{}
	var base, gate strings.Builder
	base.WriteString("package base\n\n//driver:mark\nfunc F() {}\n")
	gate.WriteString("package gate\n\nimport (\n")
	for i := range n {
		fmt.Fprintf(&base, "\ntype T%d struct{ V int }\n", i)
		fmt.Fprintf(&gate, "\t_ \"example.com/race/x%d\"\n", i)
		files[fmt.Sprintf("x%d/x.go", i)] = fmt.Sprintf(
			"package x%d\n\nimport \"example.com/race/base\"\n\nfunc X() base.T%d { base.F(); return base.T%[2]d{} }\n", i, i)
		files[fmt.Sprintf("r%d/r.go", i)] = fmt.Sprintf(
			"package r%d\n\nimport (\n\t_ \"example.com/race/gate\"\n\t\"example.com/race/x%d\"\n)\n\nfunc R() int { return x%[2]d.X().V }\n", i, i)
	}
	gate.WriteString(")\n")
	files["base/base.go"] = base.String()
	files["gate/gate.go"] = gate.String()
	return files
}

// indirect returns the package named path among the imports of pkg's
// imports, as the analysed package sees it.
func indirect(pkg *types.Package, path string) *types.Package {
	for _, imp := range pkg.Imports() {
		for _, ind := range imp.Imports() {
			if ind.Path() == path {
				return ind
			}
		}
	}
	return nil
}

// TestImportsStableDuringAnalysis checks that the packages an analysis sees
// do not change under it. Export data is deep: xI's data declares base.TI,
// so reading it adds TI to the importer's base, which stays incomplete until
// a package imports base itself. Two packages type-checked against one set of
// imported packages (a universe) at the same time shared that incomplete
// base: r1's type-checking inserted into the scope that r0's analyzers
// were reading, a data race on a map that the runtime reports as a fatal
// error, not a panic ("concurrent map read and map write": the crash of a
// `-f json ./...` run on a large module, issue 27). A new universe after
// the heap budget is what leaves base incomplete in a large run; renew
// forces it here.
func TestImportsStableDuringAnalysis(t *testing.T) {
	dir := writeModule(t, fanOut(2))
	var (
		first    atomic.Pointer[string] // the r package analysed first
		read     = make(chan struct{})  // first has counted base's objects
		analysed = make(chan struct{})  // the other r is being analysed
		mu       sync.Mutex
		problems []string
	)
	problem := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		problems = append(problems, fmt.Sprintf(format, args...))
	}
	wait := func(c chan struct{}, what string) {
		select {
		case <-c:
		case <-time.After(30 * time.Second):
			problem("timed out waiting until %s", what)
		}
	}
	isR := func(path string) bool { return strings.HasPrefix(path, "example.com/race/r") }
	watcher := &analysis.Analyzer{
		Name: "watcher",
		Doc:  "counts base's objects before and after another package is type-checked",
		Run: func(pass *analysis.Pass) (any, error) {
			path := pass.Pkg.Path()
			if !isR(path) {
				return nil, nil
			}
			if path != *first.Load() {
				close(analysed)
				return nil, nil
			}
			base := indirect(pass.Pkg, "example.com/race/base")
			if base == nil {
				return nil, fmt.Errorf("%s sees no base", path)
			}
			before := base.Scope().Len()
			close(read)
			wait(analysed, "the other r package is analysed")
			if after := base.Scope().Len(); after != before {
				problem("while %s was analysed, its imported package base went from %d to %d objects: "+
					"another package's type-checking changed it", path, before, after)
			}
			return nil, nil
		},
	}
	cfg := &Config{
		Dir:         dir,
		Patterns:    []string{"./..."},
		Analyzers:   []*analysis.Analyzer{watcher},
		Parallelism: 2,
		Needed: func(p *packages.Package, root, depFacts bool) bool {
			if isR(p.PkgPath) && !first.CompareAndSwap(nil, &p.PkgPath) {
				// The other r is type-checked only once the first has
				// looked at base.
				wait(read, "the first r package counts base's objects")
			}
			return true
		},
		renew: func(p *packages.Package) bool {
			return first.Load() != nil && p.PkgPath == *first.Load()
		},
	}
	res, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkClean(t, res)
	for _, p := range problems {
		t.Error(p)
	}
}

// TestManyUniverses analyses many packages at once with a new universe every
// few packages and the facts of an indirect import read by each (the
// driver's own AllObjectFacts and ImportObjectFact look objects up in the
// scopes of indirect imports). Run with -race; it also checks that the
// findings are those of a run one package at a time.
func TestManyUniverses(t *testing.T) {
	dir := writeModule(t, fanOut(24))
	run := func(parallelism int) []string {
		var (
			mu  sync.Mutex
			out []string
			n   atomic.Int32
		)
		cfg := &Config{
			Dir:         dir,
			Patterns:    []string{"./..."},
			Analyzers:   []*analysis.Analyzer{newMarkerCensus(nil, true)},
			Parallelism: parallelism,
			renew:       func(*packages.Package) bool { return n.Add(1)%5 == 0 },
			Report: func(p *packages.Package, a *analysis.Analyzer, d Diagnostic) {
				mu.Lock()
				defer mu.Unlock()
				out = append(out, fmt.Sprintf("%s: %s", p.PkgPath, d.Message))
			},
		}
		res, err := Run(cfg)
		if err != nil {
			t.Fatal(err)
		}
		checkClean(t, res)
		return sortedCompact(out)
	}
	want := run(1)
	if len(want) < 48 {
		t.Fatalf("%d findings, want two for each of 24 x packages and one for each r:\n%s", len(want), strings.Join(want, "\n"))
	}
	for range 3 {
		if got := run(8); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("findings with 8 packages at once:\n%s\nwant (one at a time):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// checkClean fails the test for a package error or an analyzer failure.
func checkClean(t *testing.T, res *Result) {
	t.Helper()
	for _, f := range res.Failures {
		t.Errorf("failure: %s: %s: %v", f.Package.PkgPath, f.Analyzer.Name, f.Err)
	}
	packages.Visit(res.Packages, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
	})
}

func sortedCompact(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}
