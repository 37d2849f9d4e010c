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
	"os"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers"
	"golang.org/x/tools/go/analysis/unitchecker"
)

func main() {
	if isVetInvocation(os.Args[1:]) {
		unitchecker.Main(append(analyzers.All, analyzers.Engine)...) // never returns
	}
	c := &command{
		checks: suite(analyzers.All),
		stdout: os.Stdout,
		stderr: os.Stderr,
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
