package main

import (
	"encoding/json"
	"go/ast"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/fencecheck/fencecheck/internal/crash"
)

// vetFinding is the fake engine's result: what its checks report.
type vetFinding struct{ Message string }

// TestVetPanic runs unitchecker, as go vet runs the tool on one package,
// with a fake engine and two checks, one of which panics in turn, in a
// process of its own (unitchecker exits).
func TestVetPanic(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "p.go")
	if err := os.WriteFile(src, []byte("package p\n\nfunc F() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := json.Marshal(unitchecker.Config{ID: "example.com/v/p", ImportPath: "example.com/v/p", GoVersion: "go1.26",
		GoFiles: []string{src}, VetxOutput: filepath.Join(dir, "vetx.out")})
	if err != nil {
		t.Fatal(err)
	}
	cfgFile := filepath.Join(dir, "vet.cfg")
	if err := os.WriteFile(cfgFile, cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ mode, want, notWant string }{
		// The engine's error is said once, and not as a failed
		// prerequisite of every check.
		{"engine", "internal error in package example.com/v/p (fakeengine): panic: engine bug at fencecheck.vetEngine", "failed prerequisites"},
		// A check's panic costs that check's findings; the other reports.
		{"check", "internal error in package example.com/v/p (checka): panic: check bug at fencecheck.TestVetPanicHelper", "checka: found F"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestVetPanicHelper$")
		cmd.Env = append(os.Environ(), "FENCECHECK_VET_PANIC="+tc.mode, "FENCECHECK_VET_CFG="+cfgFile, crash.StackEnv+"=")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err := cmd.Run()
		code := cmd.ProcessState.ExitCode()
		out := stderr.String()
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 1 || !strings.Contains(out, tc.want) || strings.Contains(out, tc.notWant) || strings.Contains(out, "goroutine ") {
			t.Errorf("%s: exit %d (%v), stderr:\n%s\nwant exit 1, %q, no %q and no trace", tc.mode, code, err, out, tc.want, tc.notWant)
		}
		if tc.mode == "engine" && len(lines) != 1 {
			t.Errorf("engine: %d lines, want the internal error alone:\n%s", len(lines), out)
		}
		if tc.mode == "check" && !strings.Contains(out, "p.go:3:6: checkb: found F") {
			t.Errorf("check: checkb's finding is missing:\n%s", out)
		}
	}
}

// vetEngine is the fake engine's Run.
func vetEngine(pass *analysis.Pass) (any, error) {
	if os.Getenv("FENCECHECK_VET_PANIC") == "engine" {
		panic("engine bug")
	}
	return &vetFinding{Message: "found F"}, nil
}

// TestVetPanicHelper is the tool TestVetPanic runs.
func TestVetPanicHelper(t *testing.T) {
	mode := os.Getenv("FENCECHECK_VET_PANIC")
	if mode == "" {
		t.Skip("run by TestVetPanic")
	}
	engine := &analysis.Analyzer{Name: "fakeengine", Doc: "finds", Run: vetEngine, ResultType: reflect.TypeFor[*vetFinding]()}
	check := func(name string) *analysis.Analyzer {
		return &analysis.Analyzer{Name: name, Doc: "reports", Requires: []*analysis.Analyzer{engine},
			Run: func(pass *analysis.Pass) (any, error) {
				if mode == "check" && name == "checka" {
					panic("check bug")
				}
				if f := pass.ResultOf[engine].(*vetFinding); f.Message != "" {
					pass.Reportf(pass.Files[0].Decls[0].(*ast.FuncDecl).Name.Pos(), "%s: %s", name, f.Message)
				}
				return nil, nil
			}}
	}
	checks := []*analysis.Analyzer{check("checka"), check("checkb")}
	recoverUnderVet(engine, checks)
	cfg := os.Getenv("FENCECHECK_VET_CFG")
	defer exitOnVetPanic([]string{cfg})
	unitchecker.Run(cfg, append(checks, engine))
}
