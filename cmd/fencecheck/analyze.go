package main

import (
	"cmp"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"maps"

	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/cache"
	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/driver"
	"github.com/fencecheck/fencecheck/internal/crash"
	"github.com/fencecheck/fencecheck/internal/suite"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// finding is one diagnostic of a root package, with resolved positions.
// File names are absolute; output formats shorten them.
type finding struct {
	pkg      string // import path of the package analysed
	code     string
	analyzer string
	message  string
	url      string
	pos, end token.Position
	related  []related
	fixes    []fix
}

type related struct {
	pos, end token.Position
	message  string
}

type fix struct {
	message string
	edits   []edit
}

type edit struct {
	pos, end token.Position
	new      string
}

// result is what a run produced: the findings, and the problems that make
// it incomplete (each printed as "fencecheck: <problem>" and exit status 2).
type result struct {
	findings []finding
	errors   []string
	warnings []string // printed as "fencecheck: <warning>"; the exit status ignores them
}

// headroom is the memory the analysis may use beyond the package graph
// before the garbage collector works harder: on k8s.io/client-go it held
// peak memory near 200 MiB at 3% more CPU (docs/performance.md). Setting
// GOGC or GOMEMLIMIT turns it off.
const headroom = 192 << 20

// maxResolveRuns bounds the runs after the first that resolve interface
// calls against the whole program: each level of acquire wrappers behind
// interfaces (a store's lock factory, then a job's lock method over it)
// needs one; real code has one or two.
const maxResolveRuns = 3

// analyze loads the packages named by the patterns and runs the checks,
// one package at a time from export data (see package driver). The checks
// of the shared suite run as own's (bound to the run's configuration and
// to prog); other analyzers (the tests') run as they are.
func (c *command) analyze(checks []check, own *suite.Suite, prog suite.Program, o options, progress func(driver.Progress)) *result {
	ids := make([]string, len(checks))
	for i, ch := range checks {
		ids[i] = ch.ID
	}
	return c.analyzeCached(checks, own, prog, o, progress, c.openCache(o.cache), ids)
}

// analyzeCached is analyze with the run's cache (nil: none); ids are the
// selected checks.
func (c *command) analyzeCached(checks []check, own *suite.Suite, prog suite.Program, o options, progress func(driver.Progress), ca *cache.Cache, ids []string) *result {
	res := &result{}
	patterns := o.patterns
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	as := own.Bind(checks)
	codes := map[*analysis.Analyzer]string{}
	// fencecheck's checks only select the engine's findings, so the
	// engine's prefilter decides for them whether a package is worth
	// parsing; another analyzer (the tests') sees every package.
	engineOnly := true
	for i, a := range as {
		codes[a] = checks[i].ID
		engineOnly = engineOnly && slices.Equal(a.Requires, []*analysis.Analyzer{own.Engine})
	}
	seen := map[string]bool{}
	// A package the configuration names functions of is analysed, so that
	// the engine checks those names against it.
	named := own.Configs.Packages(c.wd)
	pkgOf := map[string]string{} // the package path of each finding, by its key
	// The whole program (prog): interface calls are resolved against every
	// implementation in it, not only those a package imports. A first run
	// records the implementations and which packages need them; a second
	// run re-analyses only those (see suite.Program).
	cfg := &driver.Config{
		Dir:       c.dir,
		Tests:     o.tests,
		Patterns:  patterns,
		Analyzers: as,
		Roots:     analysisRoots,
		Progress:  progress,
		Needed: func(p *packages.Package, root, depFacts bool) bool {
			if root && !engineOnly || named[p.PkgPath] {
				return true
			}
			dir := ""
			if len(p.CompiledGoFiles) > 0 {
				dir = filepath.Dir(p.CompiledGoFiles[0])
			}
			sp := suite.Package{Path: p.PkgPath, Dir: dir, Imports: slices.Collect(maps.Keys(p.Imports)), DepFacts: depFacts, Files: p.CompiledGoFiles}
			if root {
				return own.Configs.MayReport(sp)
			}
			return own.Configs.MayExportFacts(sp)
		},
		Report: func(p *packages.Package, a *analysis.Analyzer, d driver.Diagnostic) {
			f := newFinding(a, codes[a], d)
			f.pkg = p.PkgPath
			// A file shared by a package and its test variant, or a
			// diagnostic reported twice, is printed once.
			key := fmt.Sprint(f.code, f.pos, f.end, f.message)
			if !seen[key] {
				seen[key] = true
				res.findings = append(res.findings, f)
				pkgOf[key] = p.PkgPath
			}
		},
	}
	if o.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + o.tags}
	}
	// The cache: a package's results are kept with what it added to the
	// whole program (prog's summaries), so that a run that takes it from
	// the cache knows the same program; the further runs' results depend
	// on the whole program, so their key has its digest.
	var baseKey string
	if ca != nil {
		baseKey = c.cacheKey(o, ids)
	}
	if baseKey != "" {
		prog.Track()
		cfg.Cache, cfg.CacheKey = ca, "pass 1\n"+baseKey
		cfg.PackageKey = packageKeys(c.configPath(o.config))
		cfg.Summarize = prog.Summarize
		cfg.Restore = func(_ *packages.Package, data []byte) error { return prog.Restore(data) }
		defer ca.Trim(0)
	}
	if os.Getenv("GOMEMLIMIT") == "" && os.Getenv("GOGC") == "" {
		cfg.Headroom = headroom
	}
	cfg.MemoryCap = c.memCap
	run, err := driver.Run(cfg)
	if err != nil {
		res.errors = append(res.errors, goCommandError(err))
		return res
	}
	errs := c.loadErrors(run.Packages)
	roots := len(run.Roots)
	failures := run.Failures
	// The further runs: the packages whose interface calls an
	// implementation elsewhere answers, with their findings replaced; again
	// while a run finds answers a package did not have (an acquire wrapper
	// behind an interface, called through another interface one level up).
	answered := map[string]string{}
	for range maxResolveRuns {
		if len(failures) > 0 {
			break
		}
		wanted := map[string]bool{}
		for pkg, answers := range prog.Wanted() {
			if answered[pkg] != answers {
				wanted[pkg], answered[pkg] = true, answers
			}
		}
		if len(wanted) == 0 {
			break
		}
		res.findings = slices.DeleteFunc(res.findings, func(f finding) bool {
			return wanted[pkgOf[fmt.Sprint(f.code, f.pos, f.end, f.message)]]
		})
		clear(seen)
		for _, f := range res.findings {
			seen[fmt.Sprint(f.code, f.pos, f.end, f.message)] = true
		}
		prog.Resolve()
		again := *cfg
		if cfg.Cache != nil {
			again.CacheKey = "resolve " + prog.Digest() + "\n" + baseKey
		}
		again.Roots = func(pkgs []*packages.Package) []*packages.Package {
			return slices.DeleteFunc(analysisRoots(pkgs), func(p *packages.Package) bool { return !wanted[p.PkgPath] })
		}
		runN, err := driver.Run(&again)
		if err != nil {
			res.errors = append(res.errors, goCommandError(err))
			return res
		}
		failures = append(failures, runN.Failures...)
	}
	// A package whose test files do not type-check was not analysed in
	// its test variant; its other files are analysed on their own, so
	// that an error in a _test.go file does not hide their findings.
	if again := brokenTests(run.Roots); len(again) > 0 {
		cfg.Patterns, cfg.Tests, cfg.Roots = again, false, nil
		if cfg.Cache != nil {
			// prog may be resolving by now: its digest says so.
			cfg.CacheKey = "broken tests " + prog.Digest() + "\n" + baseKey
		}
		if run, err := driver.Run(cfg); err == nil {
			errs = append(errs, c.loadErrors(run.Packages)...)
			failures = append(failures, run.Failures...)
		}
	}
	res.errors = append(res.errors, orderErrors(errs)...)
	if roots == 0 && len(res.errors) == 0 {
		res.errors = append(res.errors, fmt.Sprintf("%s matched no packages", strings.Join(patterns, " ")))
	}
	said := map[string]bool{}
	for _, f := range failures {
		// A configuration error is the same for every package that found
		// it, and a further run can fail again on a package: said once.
		// An internal error (a panic) names its package and stage itself.
		msg := f.Err.Error()
		if !suite.IsConfigError(f.Err) && !crash.Is(f.Err) {
			msg = fmt.Sprintf("%s: %s: %v", f.Package.PkgPath, f.Analyzer.Name, f.Err)
		}
		if !said[msg] {
			said[msg] = true
			res.errors = append(res.errors, msg)
		}
	}
	inBuild := map[string]bool{}
	packages.Visit(run.Packages, nil, func(p *packages.Package) { inBuild[p.PkgPath] = true })
	warnings, err := own.Configs.Program(c.wd, suite.Build{Loaded: func(path string) bool { return inBuild[path] }, Paths: slices.Sorted(maps.Keys(inBuild))})
	if err != nil {
		res.errors = append(res.errors, err.Error())
	}
	for _, w := range warnings {
		res.warnings = append(res.warnings, c.relPos(w.Pos)+": warning: "+w.Msg)
	}
	sortFindings(res.findings, c.rel)
	return res
}

// brokenTests returns the import paths of the packages that were to be
// analysed in their test variant ("p [p.test]") but were not, because it
// does not type-check: a _test.go file of theirs has an error, or imports a
// package that does not compile. The package without its tests may still
// type-check; if it does not, the second run reports the same errors.
func brokenTests(roots []*packages.Package) []string {
	var out []string
	for _, p := range roots {
		if p.ForTest != "" && p.ForTest == p.PkgPath && p.IllTyped {
			out = append(out, p.PkgPath)
		}
	}
	return out
}

// analysisRoots picks the packages to analyse the way go vet does: with
// -tests, a package is analysed in its test variant ("p [p.test]"), which
// has all of its files plus the in-package tests, and the generated test
// main is skipped.
func analysisRoots(pkgs []*packages.Package) []*packages.Package {
	hasTestVariant := map[string]bool{}
	for _, p := range pkgs {
		if p.ForTest != "" && p.ForTest == p.PkgPath {
			hasTestVariant[p.PkgPath] = true
		}
	}
	var out []*packages.Package
	for _, p := range pkgs {
		switch {
		case p.ForTest == "" && hasTestVariant[p.PkgPath]:
		case p.Name == "main" && strings.HasSuffix(p.ID, ".test") && p.ForTest == "":
			// the generated test main: "p.test"
		default:
			out = append(out, p)
		}
	}
	return out
}

// loadError is one error of a loaded package, printed as text.
type loadError struct {
	text      string // "<pkgpath>: <file:line:col>: <message>"
	pkg, file string
	line, col int
	parse     bool // a syntax error, which the type errors after it may derive from
}

// loadErrors lists, once each, the errors of every loaded package and its
// dependencies, as "<pkgpath>: <file:line:col>: <message>", one line each.
// An error positioned in a file of another package (go list puts an import
// it cannot resolve on the imported package) is said of the package that
// owns the file.
func (c *command) loadErrors(pkgs []*packages.Package) []loadError {
	var out []loadError
	seen := map[string]bool{}
	owner := map[string]string{} // file -> package path
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, files := range [][]string{p.GoFiles, p.CompiledGoFiles, p.OtherFiles, p.IgnoredFiles} {
			for _, f := range files {
				if _, ok := owner[f]; !ok {
					owner[f] = cmp.Or(p.PkgPath, p.ID)
				}
			}
		}
	})
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		name := cmp.Or(p.PkgPath, p.ID)
		// When export data is built for a package that does not compile,
		// the go command reports the compiler's output ("# pkg\n...") as
		// well; the parser and type checker have said the same more
		// precisely, so that copy is left out.
		checked := slices.ContainsFunc(p.Errors, func(e packages.Error) bool {
			return e.Kind == packages.ParseError || e.Kind == packages.TypeError
		})
		// A cgo package whose C side the go command could not process (a
		// pkg-config library that is not installed) has no compiled files:
		// the type checker then only says "could not import C", and the
		// go command's output is the cause, so that one is kept instead.
		cgoFailed := slices.ContainsFunc(p.Errors, cgoImportError)
		for _, e := range p.Errors {
			if checked && !cgoFailed && e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") {
				continue
			}
			if cgoFailed && cgoImportError(e) && slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind == packages.ListError }) {
				continue
			}
			msg := oneLine(e.Msg)
			who := name
			le := loadError{parse: e.Kind == packages.ParseError}
			if e.Pos != "" && e.Pos != "-" {
				if o, ok := owner[c.absFile(e.Pos)]; ok {
					who = o
				}
				msg = c.relPos(e.Pos) + ": " + msg
				le.file, le.line, le.col = splitPos(c.relPos(e.Pos))
			}
			le.pkg, le.text = who, who+": "+msg
			if strings.Contains(e.Msg, "does not contain main module") && os.Getenv("GO111MODULE") != "off" && !inModule(c.workdir()) {
				le = loadError{text: noModule}
			}
			if !seen[le.text] {
				seen[le.text] = true
				out = append(out, le)
			}
		}
	})
	return out
}

// splitPos splits "file:line:col" (or "file:line", or "file"); the file
// name may itself hold colons.
func splitPos(pos string) (file string, line, col int) {
	file = pos
	var nums []int
	for range 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(file[i+1:])
		if err != nil {
			break
		}
		nums, file = append([]int{n}, nums...), file[:i]
	}
	switch len(nums) {
	case 2:
		line, col = nums[0], nums[1]
	case 1:
		line = nums[0]
	}
	return file, line, col
}

// orderErrors orders the errors for reading: first the ones about modules
// that cannot be resolved (a missing go.sum entry, a module not required),
// since the errors they cause elsewhere are fixed with them; then, package
// by package, its syntax errors before its other errors (the type errors
// that follow from a syntax error make sense only after it), each group by
// file and position, numerically (a.go:9:2 before a.go:10:2).
func orderErrors(errs []loadError) []string {
	first := func(e loadError) bool {
		return strings.Contains(e.text, "missing go.sum entry") || strings.Contains(e.text, "no required module provides package") ||
			strings.Contains(e.text, "module lookup disabled")
	}
	rank := func(e loadError) int {
		switch {
		case first(e):
			return 0
		case e.parse:
			return 1
		}
		return 2
	}
	slices.SortFunc(errs, func(a, b loadError) int {
		if fa, fb := first(a), first(b); fa != fb {
			return rank(a) - rank(b)
		}
		return cmp.Or(
			strings.Compare(a.pkg, b.pkg),
			rank(a)-rank(b),
			strings.Compare(a.file, b.file),
			cmp.Compare(a.line, b.line),
			cmp.Compare(a.col, b.col),
			strings.Compare(a.text, b.text),
		)
	})
	var out []string
	for _, e := range errs {
		if len(out) == 0 || out[len(out)-1] != e.text {
			out = append(out, e.text)
		}
	}
	return out
}

// absFile returns the absolute file name of a "file:line:col" position.
func (c *command) absFile(pos string) string {
	file := pos
	for range 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 || strings.Trim(file[i+1:], "0123456789") != "" {
			break
		}
		file = file[:i]
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(c.workdir(), file)
	}
	return filepath.Clean(file)
}

// newFinding makes a finding of a diagnostic. A fix's positions ignore
// //line directives (driver.Edit); the finding and its related locations
// keep the adjusted positions, as go vet prints them.
func newFinding(a *analysis.Analyzer, code string, d driver.Diagnostic) finding {
	f := finding{
		code:     cmp.Or(d.Category, code),
		analyzer: a.Name,
		message:  d.Message,
		url:      cmp.Or(d.URL, a.URL),
		pos:      d.Pos,
		end:      d.End,
	}
	for _, r := range d.Related {
		f.related = append(f.related, related{pos: r.Pos, end: r.End, message: r.Message})
	}
	for _, sf := range d.Fixes {
		fx := fix{message: sf.Message}
		for _, e := range sf.Edits {
			fx.edits = append(fx.edits, edit{pos: e.Pos, end: e.End, new: e.NewText})
		}
		f.fixes = append(f.fixes, fx)
	}
	return f
}

// sortFindings orders findings by file (as printed), line, column, code
// and message, so that output is the same from run to run.
func sortFindings(fs []finding, rel func(string) string) {
	slices.SortStableFunc(fs, func(a, b finding) int {
		return cmp.Or(
			strings.Compare(rel(a.pos.Filename), rel(b.pos.Filename)),
			cmp.Compare(a.pos.Line, b.pos.Line),
			cmp.Compare(a.pos.Column, b.pos.Column),
			strings.Compare(a.code, b.code),
			strings.Compare(a.message, b.message),
		)
	})
}

// workdir is the directory that output file names are relative to.
func (c *command) workdir() string {
	if c.wd != "" {
		return c.wd
	}
	if c.dir != "" {
		if abs, err := filepath.Abs(c.dir); err == nil {
			return abs
		}
		return c.dir
	}
	wd, _ := os.Getwd()
	return wd
}

// rel shortens an absolute file name to one relative to the working
// directory when the file is under it.
func (c *command) rel(name string) string {
	wd := c.workdir()
	if wd == "" || !filepath.IsAbs(name) {
		return name
	}
	r, err := filepath.Rel(wd, name)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return name
	}
	return r
}

// relPos shortens the file name in a "file:line:col" position.
func (c *command) relPos(pos string) string {
	// The file name may itself contain colons (Windows drives); the line
	// and column are the last one or two fields.
	file, rest := pos, ""
	for range 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 || strings.Trim(file[i+1:], "0123456789") != "" {
			break
		}
		file, rest = file[:i], file[i:]+rest
	}
	return c.rel(file) + rest
}

// cgoImportError reports whether e is the type checker's failure to import
// "C", which follows from the go command's failure to process the
// package's cgo files.
func cgoImportError(e packages.Error) bool {
	return e.Kind == packages.TypeError && strings.Contains(e.Msg, `could not import C `)
}
