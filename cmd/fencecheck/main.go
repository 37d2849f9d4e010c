// Command fencecheck finds writes made under a distributed lock that do not
// carry the lock's fencing token.
//
// One binary serves two drivers. Run directly, it analyses one package at a
// time against its dependencies' export data, as go vet does but in one
// process (package driver), and prints the findings as text, JSON Lines or
// SARIF:
//
//	fencecheck ./...
//	fencecheck -f sarif -o fencecheck.sarif ./...
//
// Invoked by go vet (which calls it with -V=full, -flags, or a *.cfg unit
// description) it hands over to unitchecker, so that
//
//	go vet -vettool=$(command -v fencecheck) ./...
//
// works, with one enable flag per analyzer (-unfencedwrite=false).
//
// Exit status: 0 no findings, 1 findings, 2 usage, load or analysis error.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"

	_ "github.com/fencecheck/fencecheck/analyzers" // the checks, and the engine side of package suite
	"github.com/fencecheck/fencecheck/internal/crash"
	"github.com/fencecheck/fencecheck/internal/suite"
)

func main() {
	if isVetInvocation(os.Args[1:]) {
		vetMain(os.Args[1:], os.Stdout, os.Stderr) // never returns
	}
	c := &command{
		checks:       suite.Shared().Checks, // analyzers.All
		stdout:       os.Stdout,
		stderr:       os.Stderr,
		terminal:     func() bool { return isTerminal(os.Stderr) },
		addressSpace: processAddressSpace,
	}
	os.Exit(c.run(os.Args[1:]))
}

// isVetInvocation reports whether go vet (or go fix) is driving us. It asks
// for the tool's identity (-V=full) and flags (-flags) first, then calls it
// once per package with the analyzer flags followed by a *.cfg file.
func isVetInvocation(args []string) bool {
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		if a == "-flags" || strings.HasPrefix(a, "-V=") {
			return true
		}
	}
	return strings.HasSuffix(args[len(args)-1], ".cfg")
}

// explainFlags prints flagsNote when a person, not go vet, runs
// "fencecheck -flags": at a terminal. The JSON go vet reads still goes to
// standard output.
func explainFlags(args []string, terminal bool, stderr io.Writer) {
	if len(args) == 1 && args[0] == "-flags" && terminal {
		fmt.Fprint(stderr, flagsNote)
	}
}

// flagsNote is printed (on standard error) when a person runs
// "fencecheck -flags" at a terminal.
const flagsNote = `fencecheck -flags prints the flags of the go vet tool, as JSON, for go vet.
For the command's own flags, run fencecheck -h. Under go vet, each analyzer
below is a flag (go vet -vettool=$(command -v fencecheck) -unfencedwrite=false ./...)
and -fenceengine.config names the configuration file.

`

// isTerminal reports whether f is a character device (a terminal), not a
// pipe or a file as when go vet runs the tool.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// recoverUnderVet makes a panic a one-line error under go vet, not a trace
// (unitchecker recovers nothing). The analyzers' panics (in goroutines of
// their own) become errors of the package; the engine's internal error is
// said once, by one check, instead of by the engine and then as "failed
// prerequisites: fenceengine" by every check, and the checks report nothing
// for the package (exitOnVetPanic covers unitchecker's own work). go vet
// runs the tool once per package, so the state here is the package's.
func recoverUnderVet(engine *analysis.Analyzer, checks []*analysis.Analyzer) {
	var engineErr atomic.Pointer[crash.Error]
	guard := func(a *analysis.Analyzer, run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
		return func(pass *analysis.Pass) (res any, err error) {
			defer func() {
				if v := recover(); v != nil {
					res, err = nil, crash.New(pass.Pkg.Path(), a.Name, v)
				}
			}()
			return run(pass)
		}
	}
	for _, a := range closure(append([]*analysis.Analyzer{engine}, checks...)) {
		a.Run = guard(a, a.Run)
	}
	run := engine.Run
	engine.Run = func(pass *analysis.Pass) (any, error) {
		res, err := run(pass)
		var ce *crash.Error
		if errors.As(err, &ce) {
			engineErr.Store(ce)
			return reflect.New(engine.ResultType.Elem()).Interface(), nil // no findings
		}
		return res, err
	}
	for _, c := range checks {
		run := c.Run
		c.Run = func(pass *analysis.Pass) (any, error) {
			if ce := engineErr.Swap(nil); ce != nil {
				return nil, ce
			}
			return run(pass)
		}
	}
}

// closure returns the analyzers and everything they require.
func closure(as []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if !seen[a] {
			seen[a] = true
			out = append(out, a)
			for _, req := range a.Requires {
				visit(req)
			}
		}
	}
	for _, a := range as {
		visit(a)
	}
	return out
}

// exitOnVetPanic, deferred, turns a panic of unitchecker's own work on the
// package (parsing, type-checking, reading or writing facts) into one line
// and exit status 1.
func exitOnVetPanic(args []string) {
	if v := recover(); v != nil {
		fmt.Fprintf(os.Stderr, "fencecheck: %v\n", crash.New(vetPackage(args), "go vet driver", v))
		os.Exit(1)
	}
}

// vetPackage is the import path of the package go vet's unit description
// (the *.cfg file, the last argument) names; "" if it cannot be read.
func vetPackage(args []string) string {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return ""
	}
	data, err := os.ReadFile(args[len(args)-1])
	if err != nil {
		return ""
	}
	var cfg struct{ ImportPath string }
	if json.Unmarshal(data, &cfg) != nil {
		return ""
	}
	return cfg.ImportPath
}
