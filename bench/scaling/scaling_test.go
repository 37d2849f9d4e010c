// Package scaling is fencecheck's synthetic scaling benchmark: it generates
// one function of N statements that holds an etcd lock and performs writes
// (a tenth unfenced, a tenth fenced, the rest arithmetic and branches), and
// measures the time fencecheck's checks take on it. The per-statement cost
// must stay flat as N grows: a quadratic step would show as ns/stmt growing
// tenfold per size.
//
//	cd bench/scaling && go test -run '^$' -bench . -benchtime 3x
//
// Packages are loaded (parsed and type-checked) once per size, outside the
// timer; each iteration runs go/analysis/checker with every fencecheck
// analyzer on the generated package and its dependencies (fencecheck's
// engine exchanges facts, so the dependencies are analysed too). The
// library stubs are the repository's analysistest stubs (testdata/src).
package scaling

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// sizes are the statement counts of the generated function; 0 is the
// baseline (the same package with an empty critical section), whose cost
// is subtracted to give the marginal cost per statement.
var sizes = []int{0, 100, 1000, 3000, 10000}

// generate writes the body of a function with n statements inside an etcd
// critical section.
func generate(n int) string {
	var b strings.Builder
	// No "Code generated ... DO NOT EDIT." header: fencecheck drops findings
	// in generated files, and the findings are part of the work measured.
	b.WriteString(`// Package gen is written by the fencecheck scaling benchmark.
package gen

import (
	"context"
	"database/sql"
	"errors"

	"go.etcd.io/etcd/client/v3/concurrency"
)

var errStale = errors.New("stale")

func Work(ctx context.Context, db *sql.DB, s *concurrency.Session, id int64) error {
	m := concurrency.NewMutex(s, "/locks/bench")
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx)
	tok := m.Header().Revision
	v := id
	_ = tok
`)
	for i := 0; i < n; i++ {
		switch i % 10 {
		case 0: // an unfenced write: one FC1001 each
			fmt.Fprintf(&b, "\tif _, err := db.ExecContext(ctx, `UPDATE t SET v = $1 WHERE id = $2`, v, id); err != nil {\n\t\treturn err\n\t}\n")
		case 5: // a fenced, checked write: no finding
			fmt.Fprintf(&b, "\tif res, err := db.ExecContext(ctx, `UPDATE t SET v = $1, fence = $2 WHERE id = $3 AND fence <= $2`, v, tok, id); err != nil {\n\t\treturn err\n\t} else if k, _ := res.RowsAffected(); k != 1 {\n\t\treturn errStale\n\t}\n")
		case 2, 7: // a branch
			fmt.Fprintf(&b, "\tif v > %d {\n\t\tv -= %d\n\t}\n", 1000+i, i%7+1)
		default: // arithmetic
			fmt.Fprintf(&b, "\tv = v*3 + %d\n", i)
		}
	}
	b.WriteString("\t_ = v\n\treturn nil\n}\n")
	return b.String()
}

// load writes a GOPATH with the stubs and the generated package and loads
// it with everything the checker needs.
func load(tb testing.TB, n int) []*packages.Package {
	tb.Helper()
	gopath := tb.TempDir()
	stubs, err := filepath.Abs("../../testdata/src")
	if err != nil {
		tb.Fatal(err)
	}
	for _, dir := range []string{"go.etcd.io", "go.uber.org", "google.golang.org"} {
		if err := os.CopyFS(filepath.Join(gopath, "src", dir), os.DirFS(filepath.Join(stubs, dir))); err != nil {
			tb.Fatalf("copying the stubs: %v", err)
		}
	}
	pkgDir := filepath.Join(gopath, "src", "gen")
	if err := os.MkdirAll(pkgDir, 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkgDir, "gen.go"), []byte(generate(n)), 0o644); err != nil {
		tb.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  pkgDir,
		Env:  append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, "gen")
	if err != nil {
		tb.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		tb.Fatal("the generated package does not load")
	}
	return pkgs
}

// analyze runs every check and returns the findings per code in the
// generated package.
func analyze(tb testing.TB, pkgs []*packages.Package) map[string]int {
	graph, err := checker.Analyze(analyzers.All, pkgs, nil)
	if err != nil {
		tb.Fatal(err)
	}
	byCode := map[string]int{}
	for act := range graph.All() {
		if act.Err != nil {
			tb.Fatalf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
	}
	for _, act := range graph.Roots {
		for _, d := range act.Diagnostics {
			byCode[d.Category]++
		}
	}
	return byCode
}

// cpuTime returns the process's user+sys CPU time in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// TestGenerated checks that the generated code is analysed as intended:
// one FC1001 per unfenced write and nothing else.
func TestGenerated(t *testing.T) {
	for _, n := range []int{0, 100} {
		byCode := analyze(t, load(t, n))
		want := (n + 9) / 10
		total := 0
		for _, c := range byCode {
			total += c
		}
		if total != want {
			t.Errorf("n=%d: %d findings %v, want %d FC1001", n, total, byCode, want)
		}
	}
}

func BenchmarkEngine(b *testing.B) {
	for _, n := range sizes {
		b.Run(fmt.Sprintf("stmts=%d", n), func(b *testing.B) {
			pkgs := load(b, n)
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuTime()
			for b.Loop() {
				analyze(b, pkgs)
			}
			// CPU time (user+sys of the whole process, GC included) is
			// reported next to wall time: on a shared machine the wall
			// time of a single-threaded phase mostly measures the wait.
			cpu := float64(cpuTime()-cpu0) / float64(b.N)
			b.ReportMetric(cpu, "cpu-ns/op")
			if n > 0 {
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/stmt")
				b.ReportMetric(cpu/float64(n), "cpu-ns/stmt")
			}
		})
	}
}
