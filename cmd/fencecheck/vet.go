package main

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/fencecheck/fencecheck/internal/suite"
)

// vetMain is the go vet tool. It reads the flags go vet passes before
// unitchecker does, so that the run's suite is made once, with its
// configuration read and validated once and the checks the flags select
// handed to the engine (precedence is decided among those); unitchecker
// then parses the same flags again and runs the suite. Never returns.
func vetMain(args []string, stdout, stderr io.Writer) {
	shared := suite.Shared()
	explainFlags(args, isTerminal(os.Stdout), stderr)
	if len(args) == 1 && args[0] == "-V=full" {
		os.Exit(printVetVersion(stdout, stderr))
	}
	vo, err := parseVetFlags(shared, args)
	if err != nil {
		// unitchecker says what is wrong with the flags, as go vet would.
		unitchecker.Main(append(suite.Analyzers(shared.Checks), shared.Engine)...)
	}
	own, err := suite.New(suite.Options{Config: vo.config, Vet: true, Library: vo.library, Checks: vo.checks})
	if err != nil {
		vetConfigError(stderr, vo.unit, err)
	}
	failOnConfigError(own.Engine, stderr, vo.unit)
	checks := suite.Analyzers(own.Checks)
	recoverUnderVet(own.Engine, checks)
	defer exitOnVetPanic(args)
	unitchecker.Main(append(checks, own.Engine)...) // never returns
}

// vetOptions are what the go vet tool's flags say to the suite.
type vetOptions struct {
	config  string
	library bool
	checks  []string // the codes selected, nil for all
	unit    string   // the *.cfg unit description, "" for -flags and the like
}

// triState is a -NAME enable flag as unitchecker reads it: unset, true or
// false.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (t *triState) IsBoolFlag() bool { return true }
func (t *triState) String() string   { return "" }
func (t *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*t = setFalse
	if b {
		*t = setTrue
	}
	return nil
}

// parseVetFlags reads the flags go vet passes as unitchecker does
// (analysisflags.Parse with multi set): a -NAME flag per analyzer, the
// engine's -fenceengine.config and -fenceengine.library, and the flags
// every unitchecker tool has. If any -NAME flag is true, only those
// checks run; otherwise, if any is false, all but those.
func parseVetFlags(shared *suite.Suite, args []string) (vetOptions, error) {
	var vo vetOptions
	fs := flag.NewFlagSet("vet", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	enabled := map[string]*triState{}
	for _, a := range append(suite.Analyzers(shared.Checks), shared.Engine) {
		t := new(triState)
		fs.Var(t, a.Name, "")
		enabled[a.Name] = t
	}
	eng := shared.Engine.Name
	fs.StringVar(&vo.config, eng+".config", "", "")
	fs.BoolVar(&vo.library, eng+".library", false, "")
	fs.Bool("flags", false, "")
	fs.String("V", "", "")
	for _, b := range []string{"json", "fix", "diff", "source", "v", "all"} {
		fs.Bool(b, false, "")
	}
	fs.Int("c", -1, "")
	fs.String("tags", "", "")
	if err := fs.Parse(args); err != nil {
		return vo, err
	}
	if fs.NArg() == 1 {
		vo.unit = fs.Arg(0)
	}
	var on, off []string
	for _, c := range shared.Checks {
		switch *enabled[c.Analyzer.Name] {
		case setTrue:
			on = append(on, c.ID)
		case setFalse:
			off = append(off, c.ID)
		}
	}
	switch {
	case len(on) > 0:
		vo.checks = on
	case len(off) > 0:
		for _, c := range shared.Checks {
			if !contains(off, c.ID) {
				vo.checks = append(vo.checks, c.ID)
			}
		}
	}
	return vo, nil
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// failOnConfigError makes a configuration error end the go vet tool at
// once (vetConfigError). Left to unitchecker, it would be an analyzer
// error: with go vet's -json (which the go command passes) the tool exits
// 0, the go command caches the run as a success and the next go vet prints
// nothing; without it every check says only "failed prerequisites:
// fenceengine".
func failOnConfigError(engine *analysis.Analyzer, stderr io.Writer, unit string) {
	run := engine.Run
	engine.Run = func(pass *analysis.Pass) (any, error) {
		res, err := run(pass)
		if err != nil && suite.IsConfigError(err) {
			vetConfigError(stderr, unit, err)
		}
		return res, err
	}
}

// vetConfigError reports a configuration error of the go vet tool once
// per go vet run, not once per package (go vet runs the tool for every
// package, dependencies and the standard library included): the first
// package to find it prints it and fails; every other package that finds
// the same error exits 0 having written nothing, so that go vet neither
// caches it (the result it caches is the facts file the tool writes) nor
// prints anything for it. The run is known by the go command's work
// directory, the parent of each package's own; when that cannot be found,
// every package prints the error.
func vetConfigError(stderr io.Writer, unit string, err error) {
	msg := fmt.Sprintf("fencecheck: %v\n", err)
	if marker := runMarker(unit, msg); marker != "" {
		f, err := os.OpenFile(marker, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err != nil && errors.Is(err, os.ErrExist) {
			os.Exit(0)
		}
		if err == nil {
			f.Close()
		}
	}
	fmt.Fprint(stderr, msg)
	os.Exit(1)
}

// runMarker returns the name of a file that stands for having said msg
// in the go vet run the unit description belongs to, or "".
func runMarker(unit, msg string) string {
	if unit == "" {
		return ""
	}
	data, err := os.ReadFile(unit)
	if err != nil {
		return ""
	}
	var cfg struct{ VetxOutput string }
	if json.Unmarshal(data, &cfg) != nil || cfg.VetxOutput == "" {
		return ""
	}
	// $WORK/b001/vet.out: the work directory is shared by the run.
	work := filepath.Dir(filepath.Dir(cfg.VetxOutput))
	if fi, err := os.Stat(work); err != nil || !fi.IsDir() {
		return ""
	}
	sum := sha256.Sum256([]byte(msg))
	return filepath.Join(work, fmt.Sprintf("fencecheck-said-%x", sum[:8]))
}

// printVetVersion answers go vet's -V=full, which names the tool in the
// key of every result go vet caches: unitchecker's answer (a hash of the
// executable), with a hash of the configuration files a run from the
// working directory reads (fencecheck.json at the module root, and at
// the root of each module of its go.work) mixed in, so that editing one
// makes go vet analyse again instead of serving results of the old file.
// go vet asks in the directory it runs in.
func printVetVersion(stdout, stderr io.Writer) int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "fencecheck: %v\n", err)
		return 1
	}
	f, err := os.Open(exe)
	if err != nil {
		fmt.Fprintf(stderr, "fencecheck: %v\n", err)
		return 1
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		fmt.Fprintf(stderr, "fencecheck: %v\n", err)
		return 1
	}
	if wd, err := os.Getwd(); err == nil {
		h.Write([]byte(suite.ConfigFingerprint(wd, "")))
	}
	fmt.Fprintf(stdout, "%s version devel comments-go-here buildID=%02x\n", exe, h.Sum(nil))
	return 0
}
