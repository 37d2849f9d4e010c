package driver

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/fencecheck/fencecheck/internal/crash"
)

// panicRun analyses fanOut(n) with the marker, changed by the hooks, and
// returns the packages with a finding and the failures.
func panicRun(t *testing.T, n int, change func(cfg *Config, marker *analysis.Analyzer)) (map[string]bool, []Failure) {
	t.Helper()
	t.Setenv(crash.StackEnv, "")
	var mu sync.Mutex
	reported := map[string]bool{}
	marker := newMarker(nil)
	cfg := &Config{
		Dir:         writeModule(t, fanOut(n)),
		Patterns:    []string{"./..."},
		Analyzers:   []*analysis.Analyzer{marker},
		Parallelism: 4,
		Report: func(p *packages.Package, a *analysis.Analyzer, d Diagnostic) {
			mu.Lock()
			defer mu.Unlock()
			reported[strings.TrimPrefix(p.PkgPath, "example.com/race/")] = true
		},
	}
	change(cfg, marker)
	res, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return reported, res.Failures
}

// internalError checks that failures are one internal error of pkg whose
// message has each of wants.
func internalError(t *testing.T, failures []Failure, pkg string, wants ...string) {
	t.Helper()
	if len(failures) != 1 {
		t.Fatalf("%d failures, want 1: %v", len(failures), failures)
	}
	f := failures[0]
	var ce *crash.Error
	if !errors.As(f.Err, &ce) {
		t.Fatalf("failure %v is no internal error", f.Err)
	}
	msg := f.Err.Error()
	if f.Package.PkgPath != "example.com/race/"+pkg || strings.Contains(msg, "\n") {
		t.Errorf("failure of %s, want %s, in one line: %q", f.Package.PkgPath, pkg, msg)
	}
	for _, want := range wants {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
}

// A panic in an analyzer on one package is an internal error of that
// package; the others are reported, its importers analysed.
func TestAnalyzerPanicsOnOnePackage(t *testing.T) {
	reported, failures := panicRun(t, 6, func(cfg *Config, marker *analysis.Analyzer) {
		run := marker.Run
		marker.Run = func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Path() == "example.com/race/x3" {
				var m map[string]int
				m["boom"]++ // a nil map: a runtime error, as a bug would be
			}
			return run(pass)
		}
	})
	internalError(t, failures, "x3", "internal error in package example.com/race/x3 (marker): panic: assignment to entry in nil map at driver.TestAnalyzerPanicsOnOnePackage")
	for i := range 6 {
		if x := fmt.Sprintf("x%d", i); reported[x] != (i != 3) {
			t.Errorf("%s reported: %v", x, reported[x])
		}
	}
}

// A panic of the driver's own work on a package (here the prefilter hook,
// and the Report callback) is an internal error naming the package and
// the stage; the run goes on.
func TestDriverPanicsOnOnePackage(t *testing.T) {
	t.Run("report", func(t *testing.T) {
		reported, failures := panicRun(t, 4, func(cfg *Config, _ *analysis.Analyzer) {
			report := cfg.Report
			cfg.Report = func(p *packages.Package, a *analysis.Analyzer, d Diagnostic) {
				if p.PkgPath == "example.com/race/x1" {
					panic(errors.New("cannot print"))
				}
				report(p, a, d)
			}
		})
		// Report is called under the run's lock: a panic must release it,
		// or the next report would wait for ever.
		internalError(t, failures, "x1", "(fencecheck driver, reporting): panic: cannot print")
		if !reported["x0"] || !reported["x2"] || !reported["x3"] {
			t.Errorf("reported: %v", reported)
		}
	})
	// Progress is called on the worker's goroutine after the package is
	// done, outside process: a panic there ended the process with a trace
	// through analyzeAll.func1 (the frame of issue 27's crash).
	t.Run("progress", func(t *testing.T) {
		calls := 0
		reported, failures := panicRun(t, 4, func(cfg *Config, _ *analysis.Analyzer) {
			cfg.Progress = func(e Progress) {
				calls++ // one call at a time: no lock needed
				if e.Package.PkgPath == "example.com/race/x2" {
					panic("progress bug")
				}
			}
		})
		internalError(t, failures, "x2", "(fencecheck driver, progress): panic: progress bug")
		if !reported["x0"] || !reported["x2"] || !reported["r3"] {
			t.Errorf("reported: %v; want every package, x2 too (it was analysed)", reported)
		}
		if calls < 10 {
			t.Errorf("%d progress calls; the later packages' are missing", calls)
		}
	})
	t.Run("no export data", func(t *testing.T) {
		reported, failures := panicRun(t, 4, func(cfg *Config, _ *analysis.Analyzer) {
			cfg.Needed = func(p *packages.Package, root, depFacts bool) bool {
				if p.PkgPath == "example.com/race/x2" {
					panic("prefilter bug")
				}
				return true
			}
		})
		internalError(t, failures, "x2", "(fencecheck driver, prefilter): panic: prefilter bug",
			"the packages that import it were not analysed")
		if !reported["x0"] || !reported["x3"] || reported["x2"] || reported["gate"] || reported["r0"] {
			t.Errorf("reported: %v; want x0 to x3 but x2, and not the packages above x2 (gate, r0...)", reported)
		}
	})
}
