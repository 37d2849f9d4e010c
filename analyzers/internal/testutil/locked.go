package testutil

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// LockedSource returns a package with one function, Work, that holds an
// etcd concurrency.Mutex over n statements: a tenth unfenced UPDATEs, a
// tenth fenced and checked UPDATEs, the rest arithmetic and branches. The
// engine's benchmarks (whole and by part) measure it.
func LockedSource(n int) string {
	var b strings.Builder
	b.WriteString(`// Package gen is written by fencecheck's benchmarks.
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
	for i := range n {
		switch i % 10 {
		case 0: // an unfenced write
			fmt.Fprintf(&b, "\tif _, err := db.ExecContext(ctx, `UPDATE t SET v = $1 WHERE id = $2`, v, id); err != nil {\n\t\treturn err\n\t}\n")
		case 5: // a fenced, checked write
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

// LoadLockedPackages writes LockedSource(n) into a GOPATH next to the
// repository's library stubs and loads it, with its dependencies, from
// source.
func LoadLockedPackages(tb testing.TB, n int) []*packages.Package {
	tb.Helper()
	return LoadStubbed(tb, "gen", LockedSource(n), "go.etcd.io", "go.uber.org", "google.golang.org")
}

// LoadStubbed writes src as the package path (GOPATH mode) next to copies
// of the repository's library stubs under the directories stubs of
// testdata/src ("github.com/redis"), and loads it, with its dependencies,
// from source.
func LoadStubbed(tb testing.TB, path, src string, stubs ...string) []*packages.Package {
	tb.Helper()
	gopath := tb.TempDir()
	for _, dir := range stubs {
		if err := os.CopyFS(filepath.Join(gopath, "src", dir), os.DirFS(filepath.Join(TestData(), "src", dir))); err != nil {
			tb.Fatalf("copying the stubs: %v", err)
		}
	}
	dir := filepath.Join(gopath, "src", path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, filepath.Base(path)+".go"), []byte(src), 0o644); err != nil {
		tb.Fatal(err)
	}
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
	}, path)
	if err != nil {
		tb.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		tb.Fatal("the package does not load")
	}
	return pkgs
}

// LoadLocked is LoadLockedPackages, returning the SSA function Work, built.
func LoadLocked(tb testing.TB, n int) *ssa.Function {
	tb.Helper()
	prog, ssaPkgs := ssautil.Packages(LoadLockedPackages(tb, n), ssa.InstantiateGenerics)
	prog.Build()
	return ssaPkgs[0].Func("Work")
}
