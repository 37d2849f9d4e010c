package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/fencecheck/fencecheck/docs"
	"github.com/fencecheck/fencecheck/internal/baseline"
	"github.com/fencecheck/fencecheck/internal/crash"
	"github.com/fencecheck/fencecheck/internal/suite"
)

// Exit codes.
const (
	exitClean    = 0 // no findings
	exitFindings = 1 // findings were reported
	exitError    = 2 // usage, load or analysis error
)

// command is one standalone run. Tests build it with their own checks,
// directory and writers.
type command struct {
	checks []check // the suite
	dir    string  // working directory; "" means the process's
	wd     string  // absolute working directory, set by run
	stdout io.Writer
	stderr io.Writer
	// terminal reports whether stderr is a terminal, where a long run
	// shows its progress; nil means it is not.
	terminal func() bool
	now      func() time.Time // nil means time.Now
	// binaryID identifies the binary in the cache's keys; nil means the
	// hash of the executable (tests give another binary).
	binaryID func() (string, error)
	// addressSpace reads a ulimit -v's limit (memoryCap); nil means none.
	addressSpace addressSpace
	memCap       uint64 // the soft memory limit's ceiling, from addressSpace; 0 for none
}

// options are the parsed flags.
type options struct {
	format     string
	checks     string
	explain    string
	list       bool
	tests      bool
	tags       string
	cpuprofile string
	memprofile string
	version    bool
	output     string
	config     string
	library    bool
	verbose    bool
	baseline   string // -baseline: report only findings not recorded in it
	baselineW  string // -baseline-write: record the findings in it
	cache      string // -cache: the cache directory, or "off"
	patterns   []string
}

const usageHeader = `usage: fencecheck [flags] [packages]

fencecheck reports writes made under a distributed lock (etcd, Consul,
ZooKeeper, Redis, Kubernetes leader election, SQL advisory locks, ...) that
do not carry the lock's fencing token. Packages are named as for go vet;
the default is the package in the current directory.

The same binary is a go vet tool:
	go vet -vettool=$(command -v fencecheck) ./...

Exit status: 0 no findings, 1 findings, 2 usage or load error.

Flags:
`

func (c *command) flagSet(o *options) *flag.FlagSet {
	fs := flag.NewFlagSet("fencecheck", flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usageHeader)
		fs.PrintDefaults()
	}
	fs.StringVar(&o.format, "f", "text", "output `format`: text, json (JSON Lines) or sarif")
	fs.StringVar(&o.checks, "checks", "all", "comma-separated `list` of checks to run: codes, analyzer names, globs (FC1*), all; -CODE removes one")
	fs.StringVar(&o.explain, "explain", "", "print the documentation of a check (`code` or analyzer name) and exit")
	fs.BoolVar(&o.list, "list", false, "list the checks and exit")
	fs.BoolVar(&o.tests, "tests", true, "analyse test files too")
	fs.StringVar(&o.tags, "tags", "", "comma-separated build `tags`")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile to `file`")
	fs.StringVar(&o.memprofile, "memprofile", "", "write a heap profile to `file` after the analysis")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	fs.StringVar(&o.output, "o", "", "write the findings to `file` instead of standard output")
	fs.StringVar(&o.config, "config", "", "configuration `file` (default: fencecheck.json at the module root)")
	fs.StringVar(&o.baseline, "baseline", "", "report only the findings not recorded in the baseline `file` (written by -baseline-write)")
	fs.StringVar(&o.baselineW, "baseline-write", "", "record the findings in the baseline `file` instead of reporting them (see docs/getting-started.md)")
	fs.StringVar(&o.cache, "cache", "", "results cache `dir`ectory, or off (default: $FENCECHECK_CACHE, else fencecheck in the user cache directory; see docs/performance.md)")
	fs.BoolVar(&o.verbose, "v", false, "list each package analysed, with its time, on standard error")
	fs.BoolVar(&o.library, "library", false, "library mode: also report inside the lock libraries fencecheck knows (their releases and validity arithmetic), for their authors")
	return fs
}

// repeatedFlag returns a message for a flag given twice with different
// values (-f json -f sarif), which one wins being a guess; args have been
// parsed by fs, so they are well formed.
func repeatedFlag(fs *flag.FlagSet, args []string) string {
	seen := map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || !strings.HasPrefix(a, "-") {
			break
		}
		name, value, inline := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !inline && ok && b.IsBoolFlag() {
			value = "true"
		} else if !inline && i+1 < len(args) {
			i++
			value = args[i]
		}
		if first, ok := seen[name]; ok && first != value {
			return fmt.Sprintf("-%s given twice, as %q and %q: give it once", name, first, value)
		}
		seen[name] = value
	}
	return ""
}

// usageError prints msg and the usage, and returns the usage exit code.
func (c *command) usageError(fs *flag.FlagSet, format string, args ...any) int {
	fmt.Fprintf(c.stderr, "fencecheck: "+format+"\n", args...)
	fs.Usage()
	return exitError
}

// run executes the command line and returns the exit code. A panic outside
// the analysis of a package (which the driver recovers) is one line, exit
// status 2, not a Go trace.
func (c *command) run(args []string) (code int) {
	defer func() {
		if v := recover(); v != nil {
			fmt.Fprintf(c.stderr, "fencecheck: %v\n", crash.New("", "fencecheck command", v))
			code = exitError
		}
	}()
	var o options
	wrote := false
	code = c.runWith(args, &o, &wrote)
	if code == exitError && !wrote && o.output != "" {
		c.removeStale(o.output)
	}
	return code
}

// runWith is run with the options parsed into o; it sets wrote when the
// report went to -o.
func (c *command) runWith(args []string, o *options, wrote *bool) int {
	fs := c.flagSet(o)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitError // the flag package has printed the error and the usage
	}
	o.patterns = fs.Args()
	c.wd = c.workdir()
	if msg := repeatedFlag(fs, args); msg != "" {
		return c.usageError(fs, "%s", msg)
	}
	if strings.HasSuffix(o.output, ".go") {
		return c.usageError(fs, "-o %s: will not overwrite a Go source file with the report; name a report file (fencecheck.txt, fencecheck.json, fencecheck.sarif)", o.output)
	}
	// The flag package stops at the first package; a flag after it would
	// go to go list as a package name, and the run would go on without it.
	for _, p := range o.patterns {
		if strings.HasPrefix(p, "-") {
			return c.usageError(fs, "flag %s after the packages: flags come first (fencecheck -f json ./...)", p)
		}
	}
	var only []string // the flags that do one thing and exit
	for _, f := range []struct {
		name string
		set  bool
	}{{"-version", o.version}, {"-list", o.list}, {"-explain", o.explain != ""}} {
		if f.set {
			only = append(only, f.name)
		}
	}
	switch {
	case len(only) > 1:
		return c.usageError(fs, "%s cannot be combined: give one", strings.Join(only, " and "))
	case len(only) == 1 && len(o.patterns) > 0:
		return c.usageError(fs, "%s takes no packages (got %s)", only[0], strings.Join(o.patterns, " "))
	}

	switch {
	case o.baseline != "" && o.baselineW != "":
		return c.usageError(fs, "-baseline and -baseline-write cannot be combined: check against the baseline with -baseline, or rewrite it with -baseline-write once the check passes")
	case o.baselineW != "" && o.output != "":
		return c.usageError(fs, "-baseline-write writes no report: leave out -o")
	}
	var base *baseline.Baseline
	if o.baseline != "" {
		b, err := baseline.ReadFile(c.path(o.baseline))
		if err != nil {
			fmt.Fprintf(c.stderr, "fencecheck: -baseline: %v\n", err)
			return exitError
		}
		base = b
	}

	switch o.format {
	case "text", "json", "sarif":
	default:
		return c.usageError(fs, "unknown output format %q (want text, json or sarif)", o.format)
	}
	selected, err := selectChecks(c.checks, o.checks)
	if err != nil {
		return c.usageError(fs, "%v", err)
	}
	// The run's own suite: the checks on an engine that reads -config and
	// knows the whole program (see analyze).
	prog := suite.NewProgram()
	// Selection is handed to the engine: precedence is decided among the
	// selected checks, so that one switched off hides no other's finding.
	var ids []string
	for _, ch := range selected {
		ids = append(ids, ch.ID)
	}
	own, err := suite.New(suite.Options{Config: o.config, Program: prog, Library: o.library, Checks: ids})
	if err != nil {
		fmt.Fprintf(c.stderr, "fencecheck: -config: %v\n", err)
		return exitError
	}
	if err := own.Configs.Check(c.wd); err != nil {
		fmt.Fprintf(c.stderr, "fencecheck: %v\n", err)
		return exitError
	}

	switch {
	case o.version:
		fmt.Fprintf(c.stdout, "fencecheck %s\n", version())
		return exitClean
	case o.list:
		c.list()
		return exitClean
	case o.explain != "":
		return c.explain(o.explain)
	}

	if o.cpuprofile != "" {
		f, err := os.Create(o.cpuprofile)
		if err != nil {
			fmt.Fprintf(c.stderr, "fencecheck: %v\n", err)
			return exitError
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(c.stderr, "fencecheck: %v\n", err)
			return exitError
		}
		defer pprof.StopCPUProfile()
	}

	// Progress on a terminal only, and only with text output: a report
	// in JSON or SARIF is read by a program, whatever stderr is.
	prg := newProgress(c.stderr, c.terminal != nil && c.terminal() && o.format == "text", o.verbose, c.now)
	// Said before the analysis: a run that exhausts the address space
	// ends without a word of fencecheck's.
	memCap, warning := memoryCap(c.addressSpace)
	if warning != "" {
		fmt.Fprintf(c.stderr, "fencecheck: warning: %s\n", warning)
	}
	c.memCap = memCap
	res := c.analyze(selected, own, prog, *o, prg.hook())
	prg.clear()

	if o.memprofile != "" {
		if err := writeHeapProfile(o.memprofile); err != nil {
			fmt.Fprintf(c.stderr, "fencecheck: %v\n", err)
			return exitError
		}
	}

	for _, w := range res.warnings {
		fmt.Fprintf(c.stderr, "fencecheck: %s\n", w)
	}
	for _, e := range res.errors {
		fmt.Fprintf(c.stderr, "fencecheck: %s\n", e)
	}
	if o.baselineW != "" {
		return c.writeBaseline(o.baselineW, res)
	}
	if base != nil {
		c.applyBaseline(*o, base, res)
	}
	if err := c.write(*o, res); err != nil {
		fmt.Fprintf(c.stderr, "fencecheck: %v\n", err)
		return exitError
	}
	*wrote = o.output != ""
	switch {
	case len(res.errors) > 0:
		return exitError
	case len(res.findings) > 0:
		return exitFindings
	}
	return exitClean
}

// write prints the findings in the chosen format, to -o or stdout.
func (c *command) write(o options, res *result) error {
	if o.output == "" {
		return c.format(c.stdout, o, res)
	}
	var buf bytes.Buffer
	if err := c.format(&buf, o, res); err != nil {
		return err
	}
	return writeReport(c.path(o.output), buf.Bytes())
}

func (c *command) format(w io.Writer, o options, res *result) error {
	switch o.format {
	case "json":
		return writeJSON(w, res.findings, c.rel)
	case "sarif":
		return c.writeSARIF(w, res)
	}
	return writeText(w, res.findings, c.rel)
}

// path resolves a file name given on the command line against the
// working directory.
func (c *command) path(name string) string {
	if filepath.IsAbs(name) || c.dir == "" {
		return name
	}
	return filepath.Join(c.dir, name)
}

// writeReport replaces the file name with data atomically: data goes to a
// temporary file in the same directory, renamed over name once complete,
// so that a reader never sees half a report. A name that is not a regular
// file (-o /dev/stdout, a pipe) is written in place.
func writeReport(name string, data []byte) error {
	if fi, err := os.Stat(name); err == nil && !fi.Mode().IsRegular() {
		if fi.IsDir() {
			return fmt.Errorf("-o %s: is a directory; name a report file", name)
		}
		return os.WriteFile(name, data, 0o644)
	}
	if real, err := filepath.EvalSymlinks(name); err == nil {
		name = real // replace the file a symbolic link names, not the link
	}
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(name); err == nil {
		mode = fi.Mode().Perm()
	}
	fail := func(err error) error {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the temporary file's name would only confuse
		}
		return fmt.Errorf("-o %s: cannot write the report: %v", name, err)
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return fail(err)
	}
	defer os.Remove(f.Name()) // nothing left once renamed
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		return fail(err)
	}
	return nil
}

// removeStale removes the -o file of an earlier run when this run failed
// before writing its own report, so that no stale report passes for this
// run's, and says so. A Go source file is never removed (-o refuses one).
func (c *command) removeStale(name string) {
	name = c.path(name)
	fi, err := os.Lstat(name)
	if err != nil || strings.HasSuffix(name, ".go") {
		return
	}
	switch {
	case fi.Mode().IsRegular():
		if err := os.Remove(name); err != nil {
			fmt.Fprintf(c.stderr, "fencecheck: -o %s: the report of an earlier run is still there (cannot remove it: %v); this run wrote none\n", name, err)
			return
		}
		fmt.Fprintf(c.stderr, "fencecheck: -o %s: removed the report of an earlier run; this run failed before writing one\n", name)
	case fi.Mode()&os.ModeSymlink != 0:
		fmt.Fprintf(c.stderr, "fencecheck: -o %s: left as it was (a symbolic link); this run failed before writing a report\n", name)
	}
}

func (c *command) list() {
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	for _, ch := range c.checks {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", ch.ID, ch.Analyzer.Name, docs.Title(ch.ID))
	}
	tw.Flush()
}

func (c *command) explain(name string) int {
	code := strings.ToUpper(name)
	for _, ch := range c.checks {
		if ch.Analyzer.Name == name {
			code = ch.ID
		}
	}
	page, ok := docs.Page(code)
	if !ok {
		fmt.Fprintf(c.stderr, "fencecheck: unknown check %q (fencecheck -list shows the checks)\n", name)
		return exitError
	}
	fmt.Fprint(c.stdout, page)
	if !strings.HasSuffix(page, "\n") {
		fmt.Fprintln(c.stdout)
	}
	return exitClean
}

// version is the main module's version as the go command recorded it
// ("v1.2.3" for go install ...@v1.2.3), or "devel" for a local build.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

func writeHeapProfile(name string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	runtime.GC() // up-to-date statistics
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
