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
	"fmt"
	"io"
	"os"
	"strings"

	_ "github.com/fencecheck/fencecheck/analyzers" // the checks, and the engine side of package suite
	"github.com/fencecheck/fencecheck/internal/suite"
)

func main() {
	if isVetInvocation(os.Args[1:]) {
		vetMain(os.Args[1:], os.Stdout, os.Stderr) // never returns
	}
	c := &command{
		checks: suite.Shared().Checks, // analyzers.All
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
