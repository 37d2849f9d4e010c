// Package driver runs go/analysis analyzers the way go vet does, one
// package at a time, but in one process: each package is parsed and
// type-checked from source with its imports read from export data, its
// facts are kept in serialized form, and everything else is dropped when
// the package is done. The export data is the run's own, written from
// source (x/tools' indexed format) as each package is checked, so nothing
// needs compiling: a cold build cache costs no more than a warm one.
//
// x/tools' checker instead type-checks every dependency from source and
// keeps the whole program in memory, which on k8s.io/client-go took six
// times staticcheck's peak memory (docs/performance.md). Here the peak is a
// few packages' worth of syntax and types, and the facts.
//
// A dependency (a package that was not asked for) is analysed only for its
// facts, by the analyzers that declare fact types. A package that the
// Needed hook rules out is not analysed: a dependency is then checked only
// for the declarations its importers need (without function bodies), a
// root, and a dependency of a main module or a directory replacement, in
// full, for its errors. A package that does not type-check is
// reported, not analysed (RunDespiteErrors is not supported).
//
// With Config.Cache, each package's results (diagnostics, facts, export
// data) are kept between runs under a hash of its files, its imports' keys
// and the configuration; a package found there is neither parsed nor
// type-checked (cache.go).
package driver

import (
	"cmp"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/cache"
	"github.com/fencecheck/fencecheck/internal/crash"
)

// Config says what to analyse.
type Config struct {
	Dir        string   // working directory of the go command; "" means the process's
	BuildFlags []string // such as -tags=x
	Tests      bool     // load test variants too
	Patterns   []string

	// Analyzers run on the root packages. Dependencies are analysed by the
	// ones among them, and among their requirements, that declare facts.
	Analyzers []*analysis.Analyzer

	// Roots picks the packages to analyse from those the patterns
	// matched; nil means all of them.
	Roots func([]*packages.Package) []*packages.Package

	// Needed reports whether a package must be analysed: for a root,
	// whether the analyzers could report anything or export facts; for a
	// dependency, whether they could export facts. depFacts says whether
	// any of its dependencies exported one. It is asked before the package
	// is parsed. A package it rules out is still type-checked if an
	// importer needs its declarations (a root in full, for its errors),
	// but not analysed. nil means every package is analysed.
	Needed func(p *packages.Package, root, depFacts bool) bool

	// Report receives each diagnostic of a root package, one call at a
	// time: new ones as their package is analysed, cached ones as their
	// package is found in the cache.
	Report func(p *packages.Package, a *analysis.Analyzer, d Diagnostic)

	// Cache, if not nil, keeps each package's results between runs, keyed
	// by everything that decides them (see cache.go): CacheKey, for what
	// the packages do not say (the binary, the configuration, the flags,
	// which pass of the caller's this is), and PackageKey, if not nil, for
	// what applies to one package (its configuration file).
	Cache      *cache.Cache
	CacheKey   string
	PackageKey func(p *packages.Package) string
	// Summarize, if not nil, returns what the analysis of a package (its
	// types.Package, which is not kept) added to the caller's state beyond
	// facts and diagnostics (the whole program's method summaries), to be
	// cached with its results; Restore adds it back when the results come
	// from the cache. A caller that keeps such state and caches must give
	// both, or cached packages would be missing from it.
	Summarize func(pkg *types.Package) []byte
	// Restore's error makes the package one not cached.
	Restore func(p *packages.Package, data []byte) error

	// Progress, if not nil, is called as each package of the import graph
	// is done, one call at a time.
	Progress func(Progress)

	// Parallelism bounds how many packages are analysed at once; 0 means
	// GOMAXPROCS.
	Parallelism int

	// Headroom, if not zero, sets the garbage collector's soft memory
	// limit for the analysis to the heap the package graph needs plus
	// Headroom bytes (and restores it afterwards). The heap then stays
	// near what is live instead of growing to twice that between
	// collections. When a big package makes the live heap approach the
	// limit, the limit is raised to half again the live heap, so that the
	// collector never runs back to back (see adjustLimit).
	Headroom uint64

	// MemoryCap, if not zero, is the most the soft memory limit may be
	// set to, by Headroom or later, and the limit is lowered to it for
	// the analysis if it is higher: the address space a ulimit -v leaves.
	// Past that, an allocation is not a panic but a fatal error, whose
	// trace names whichever worker allocated (issue 27); under the cap
	// the collector works harder first.
	MemoryCap uint64

	// renew, if not nil, replaces the heap budget's decision to start a
	// new universe before p is type-checked (for tests).
	renew func(p *packages.Package) bool
}

// Progress says that a package is done.
type Progress struct {
	Done, Total int // packages done so far, of all in the import graph
	Package     *packages.Package
	Root        bool          // one of the packages to analyse, not a dependency
	Analysed    bool          // the analyzers ran on it (not only type-checked), in this run or the cached one
	Cached      bool          // its results came from the cache
	Took        time.Duration // from when it got a slot to when it was done
}

// Result is the outcome of a run.
type Result struct {
	// Packages are those the patterns matched, with the errors found while
	// loading or type-checking them and their dependencies added to their
	// Errors (reachable through packages.Visit).
	Packages []*packages.Package
	// Roots are the packages that were analysed.
	Roots []*packages.Package
	// Failures are the analyzer runs that returned an error.
	Failures []Failure
	// Cached are the packages whose results came from the cache, and
	// Processed those type-checked or analysed in this run.
	Cached, Processed []*packages.Package
}

// Failure is an analyzer that failed on a package, or a panic of the
// driver's own work on it (type-checking, export data, facts), with a nil
// Analyzer. A panic is a *crash.Error.
type Failure struct {
	Package  *packages.Package
	Analyzer *analysis.Analyzer
	Err      error
}

// name is the failing analyzer's name; "" for the driver.
func (f Failure) name() string {
	if f.Analyzer == nil {
		return ""
	}
	return f.Analyzer.Name
}

// loadMode is metadata only: file lists (cgo already processed) and the
// import graph. No package is parsed by go/packages, and nothing is
// compiled: the run writes the export data of each package itself, from
// source, so a cold build cache costs nothing. The embedded files are
// asked for only because go list resolves //go:embed patterns, and reports
// one that matches nothing (a package that does not build), only when they
// are.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedEmbedFiles |
	packages.NeedTypesSizes | packages.NeedModule | packages.NeedForTest

// Run loads the packages named by cfg.Patterns and analyses them. The
// error is for a failure of the go command itself; problems of packages
// are in their Errors.
func Run(cfg *Config) (*Result, error) {
	pkgs, err := packages.Load(&packages.Config{
		Mode:       loadMode,
		Dir:        cfg.Dir,
		Tests:      cfg.Tests,
		BuildFlags: cfg.BuildFlags,
	}, cfg.Patterns...)
	if err != nil {
		return nil, err
	}
	dropBorrowedFiles(pkgs, cfg.Dir)
	roots := pkgs
	if cfg.Roots != nil {
		roots = cfg.Roots(pkgs)
	}
	r := newRun(cfg, roots)
	runtime.GC()
	r.heapFloor = liveHeap()
	if start := r.softLimit(0); start > 0 {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(start)))
		r.limit = true
	}
	r.lookup()
	r.analyzeAll()
	slices.SortFunc(r.failures, func(a, b Failure) int {
		return cmp.Or(cmp.Compare(a.Package.ID, b.Package.ID), cmp.Compare(a.name(), b.name()))
	})
	res := &Result{Packages: pkgs, Roots: roots, Failures: r.failures}
	for _, n := range r.nodes {
		switch {
		case n.entry != nil:
			res.Cached = append(res.Cached, n.pkg)
		case n.processed:
			res.Processed = append(res.Processed, n.pkg)
		}
	}
	byID := func(a, b *packages.Package) int { return cmp.Compare(a.ID, b.ID) }
	slices.SortFunc(res.Cached, byID)
	slices.SortFunc(res.Processed, byID)
	return res, nil
}

// run is the state of one Run.
type run struct {
	cfg       *Config
	rootSet   map[*packages.Package]bool
	forRoots  []*analysis.Analyzer // cfg.Analyzers and their requirements, in dependency order
	forDeps   []*analysis.Analyzer // those of forRoots that declare facts, and their requirements
	factTypes map[*analysis.Analyzer]map[reflect.Type]bool
	nodes     map[*packages.Package]*node
	owners    map[string]*packages.Package // the package of each file (exportfix.go)

	heapFloor uint64 // the live heap before any package is analysed
	limit     bool   // the run set the soft memory limit (Headroom, MemoryCap)

	mu       sync.Mutex // guards failures and calls of cfg.Report
	failures []Failure
}

// node is one package of the import graph.
type node struct {
	pkg  *packages.Package
	deps []*node
	done chan struct{} // closed when the package's facts are final

	// Set before done is closed, read-only afterwards.
	facts    *factSet // nil: no facts
	depFacts bool     // this package or a dependency has facts
	broken   bool     // the package has errors: importers cannot use its export data

	stage     string       // what process is doing, for an internal error
	analysed  bool         // the analyzers ran on it
	importers int          // packages that import this one
	pending   atomic.Int32 // importers not yet type-checked
	export    atomic.Pointer[[]byte]

	// The cache (cache.go). key is set before the run, with entry (the
	// cached results, nil for a miss) and, for an entry whose export data
	// a miss among its importers needs, export.
	key       *cache.Key // nil: not to be cached
	entry     *entry
	processed bool           // type-checked or analysed in this run
	failed    bool           // an analyzer or the driver failed on it: not cached
	diags     []reported     // the diagnostics reported, for the cache
	summary   []byte         // cfg.Summarize's, for the cache
	tpkg      *types.Package // while analysed, for cfg.Summarize after a panic
}

// exportData returns the package's export data; nil if it has none (it
// does not type-check) or no importer needs it any more.
func (n *node) exportData() []byte {
	if p := n.export.Load(); p != nil {
		return *p
	}
	return nil
}

// imported records that one importer of n has been type-checked; the last
// one frees n's export data.
func (n *node) imported() {
	if n.pending.Add(-1) == 0 {
		n.export.Store(nil)
	}
}

func newRun(cfg *Config, roots []*packages.Package) *run {
	r := &run{
		cfg:       cfg,
		rootSet:   map[*packages.Package]bool{},
		nodes:     map[*packages.Package]*node{},
		factTypes: map[*analysis.Analyzer]map[reflect.Type]bool{},
	}
	for _, p := range roots {
		r.rootSet[p] = true
	}
	r.forRoots = closure(cfg.Analyzers)
	var withFacts []*analysis.Analyzer
	for _, a := range r.forRoots {
		if len(a.FactTypes) > 0 {
			withFacts = append(withFacts, a)
		}
		types := map[reflect.Type]bool{}
		for _, f := range a.FactTypes {
			types[reflect.TypeOf(f)] = true
		}
		r.factTypes[a] = types
	}
	r.forDeps = closure(withFacts)

	var add func(p *packages.Package) *node
	add = func(p *packages.Package) *node {
		if n := r.nodes[p]; n != nil {
			return n
		}
		n := &node{pkg: p, done: make(chan struct{})}
		r.nodes[p] = n
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			n.deps = append(n.deps, add(p.Imports[path]))
		}
		return n
	}
	for _, p := range roots {
		add(p)
	}
	for _, n := range r.nodes {
		for _, d := range n.deps {
			d.importers++
		}
	}
	for _, n := range r.nodes {
		n.pending.Store(int32(n.importers))
	}
	r.owners = fileOwners(r.nodes)
	return r
}

// A slot is one of the Parallelism places where a package is processed. Its
// universe is used by the slot's package alone: a universe must never be
// used by two goroutines at once, because reading export data adds to the
// packages it has already handed out (see universe).
type slot struct {
	u *universe // nil until a package needs one
}

// analyzeAll processes every node once its dependencies are done, at most
// Parallelism at a time, each in a slot of its own.
func (r *run) analyzeAll() {
	limit := cmp.Or(r.cfg.Parallelism, runtime.GOMAXPROCS(0))
	slots := make(chan *slot, limit)
	for range limit {
		slots <- &slot{}
	}
	var wg sync.WaitGroup
	var progress sync.Mutex // serialises cfg.Progress
	done := 0
	for _, n := range r.nodes {
		wg.Go(func() {
			for _, d := range n.deps {
				<-d.done
			}
			s := <-slots
			defer func() { slots <- s }()
			start := time.Now()
			r.processSafely(n, s)
			close(n.done)
			r.adjustLimit()
			if r.cfg.Progress != nil {
				r.reportProgress(n, &progress, &done, time.Since(start))
			}
		})
	}
	wg.Wait()
}

// reportProgress calls cfg.Progress for n, one call at a time (mu; done
// counts the calls). It runs on the worker's goroutine, where a panic
// would end the process with a trace through analyzeAll: it becomes an
// internal error of the package instead, like one of process.
func (r *run) reportProgress(n *node, mu *sync.Mutex, done *int, took time.Duration) {
	mu.Lock()
	defer mu.Unlock()
	defer func() {
		if v := recover(); v != nil {
			r.fail(n.pkg, nil, crash.New(n.pkg.PkgPath, "fencecheck driver, progress", v))
		}
	}()
	*done++
	r.cfg.Progress(Progress{Done: *done, Total: len(r.nodes), Package: n.pkg, Root: r.rootSet[n.pkg], Analysed: n.analysed, Cached: n.entry != nil, Took: took})
}

// processSafely is process with a panic turned into a failure of the
// package (an internal error), so that the other packages are still
// analysed and reported: a worker goroutine's panic would end the process.
// Importers still use the package's export data if it was written, without
// its facts; if not, they cannot be type-checked and are not analysed.
func (r *run) processSafely(n *node, s *slot) {
	defer func() {
		v := recover()
		if v == nil {
			return
		}
		err := crash.New(n.pkg.PkgPath, "fencecheck driver, "+n.stage, v)
		s.u = nil // the panic may have left the universe half-read
		n.facts = nil
		n.failed = true
		if n.tpkg != nil && r.cfg.Summarize != nil && r.cfg.Cache != nil {
			r.cfg.Summarize(n.tpkg) // dropped: the package is not cached
		}
		if n.exportData() == nil && n.importers > 0 {
			n.broken = true
			err.Note = "the packages that import it were not analysed"
		}
		r.fail(n.pkg, nil, err)
	}()
	if n.entry != nil {
		r.restore(n)
		return
	}
	r.process(n, s)
	r.store(n)
}

// process type-checks a package if an importer needs its declarations or
// it is to be analysed, writes its export data for its importers, and runs
// the analyzers on it: on a root, those of cfg.Analyzers; on a dependency
// that may export facts, those that declare facts.
func (r *run) process(n *node, s *slot) {
	p := n.pkg
	for _, d := range n.deps {
		n.depFacts = n.depFacts || d.depFacts
		n.broken = n.broken || d.broken
	}
	if p.PkgPath == "unsafe" {
		return // the importer supplies types.Unsafe
	}
	n.processed = true
	root := r.rootSet[p]
	n.stage = "prefilter"
	var analyse bool
	if root || len(r.forDeps) > 0 {
		analyse = r.cfg.Needed == nil || r.cfg.Needed(p, root, n.depFacts)
	}
	if !root && !analyse && n.importers == 0 {
		return
	}
	// A root is checked in full whatever the analysis needs, so that its
	// errors are reported, and so is a dependency whose source is the
	// user's (a main module's, or a module replaced by a directory): a
	// type error in one of its function bodies fails the build. Any other
	// dependency only for what is analysed.
	n.stage = "type-checking"
	u := r.check(n, s, root || analyse || editable(p))
	for _, d := range n.deps {
		d.imported()
	}
	if u == nil {
		return // no Go files, or its errors have been recorded
	}
	if n.importers > 0 {
		n.stage = "writing export data"
		data, err := writeExport(u)
		if err != nil {
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: "writing export data: " + err.Error(), Kind: packages.UnknownError})
			n.broken = true
			return
		}
		n.export.Store(&data)
	}
	if !analyse {
		return
	}
	analyzers := r.forDeps
	if root {
		analyzers = r.forRoots
	}
	n.stage = "analysing"
	n.tpkg = u.pkg
	facts := r.runAnalyzers(n, u, analyzers, root)
	if r.cfg.Summarize != nil && r.cfg.Cache != nil {
		n.summary = r.cfg.Summarize(u.pkg)
	}
	n.tpkg = nil
	n.analysed = true
	if facts.len() > 0 {
		n.facts = facts
		n.depFacts = true
	}
}

// editable reports whether the package's source is the user's: in a main
// module (a workspace has several) or in a module replaced by a directory.
// Such a package may have type errors in function bodies that a check of
// its declarations alone would miss; a module from the module cache or the
// standard library is taken to compile.
func editable(p *packages.Package) bool {
	m := p.Module
	if m == nil {
		return false
	}
	return m.Main || (m.Replace != nil && m.Replace.Version == "")
}

// closure returns the analyzers and everything they require, each after
// its requirements.
func closure(as []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, req := range a.Requires {
			visit(req)
		}
		out = append(out, a)
	}
	for _, a := range as {
		visit(a)
	}
	return out
}

func (r *run) fail(p *packages.Package, a *analysis.Analyzer, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failures = append(r.failures, Failure{Package: p, Analyzer: a, Err: err})
}

// adjustLimit keeps the soft memory limit at least half again above the
// live heap. A fixed limit close to what is live makes the collector run
// back to back (on river's test packages, 171 collections instead of 47 and
// 70% more CPU); with this floor it never collects more often than with
// GOGC=50, and it still caps the heap of the many small packages at the
// package graph plus Headroom.
func (r *run) adjustLimit() {
	if !r.limit {
		return
	}
	want := r.softLimit(liveHeap())
	if debug.SetMemoryLimit(-1) != int64(want) {
		debug.SetMemoryLimit(int64(want))
	}
}

// softLimit is the soft memory limit for a live heap of live bytes: the
// package graph plus Headroom, or half again the live heap if that is
// more, never above MemoryCap; without Headroom, MemoryCap if the limit
// in force (GOMEMLIMIT's) is higher. 0 means the run leaves the limit as
// it is.
func (r *run) softLimit(live uint64) uint64 {
	c := r.cfg
	if c.Headroom == 0 {
		if c.MemoryCap > 0 && (r.limit || uint64(debug.SetMemoryLimit(-1)) > c.MemoryCap) {
			return c.MemoryCap
		}
		return 0
	}
	want := max(r.heapFloor+c.Headroom, live/2*3)
	if c.MemoryCap > 0 {
		want = min(want, c.MemoryCap)
	}
	return want
}

// dropBorrowedFiles removes from each package the files that go/packages
// took from its error positions although they are another package's: for
// a package with no files of its own (a directory whose generated code is
// missing, a module that could not be downloaded), go/packages lists the
// file named by the error's position (golang/go#39986's work-around), which
// is often the importer's. Type-checked as the empty package, that file
// would import nothing and yield an error per import; without it, the
// package is reported by its own error. Positions are relative to dir,
// where go list ran.
func dropBorrowedFiles(pkgs []*packages.Package, dir string) {
	if dir == "" {
		dir, _ = os.Getwd()
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		borrowed := func(f string) bool {
			if filepath.Dir(f) == p.Dir && p.Dir != "" {
				return false
			}
			return slices.ContainsFunc(p.Errors, func(e packages.Error) bool {
				file := posFile(e.Pos) // relative to the directory go list ran in
				if !filepath.IsAbs(file) {
					file = filepath.Join(dir, file)
				}
				return file == f
			})
		}
		p.GoFiles = slices.DeleteFunc(p.GoFiles, borrowed)
		p.CompiledGoFiles = slices.DeleteFunc(p.CompiledGoFiles, borrowed)
	})
}

// posFile returns the file of a "file:line:col" or "file:line" position
// (the file name may itself hold a colon: a Windows drive).
func posFile(pos string) string {
	for range 2 {
		i := strings.LastIndexByte(pos, ':')
		if i < 0 || pos[i+1:] == "" || strings.Trim(pos[i+1:], "0123456789") != "" {
			break
		}
		pos = pos[:i]
	}
	return pos
}
