package driver

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/gob"
	"fmt"
	"io"
	"maps"
	"os"
	"reflect"
	"runtime"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/cache"
)

// The results of a package are cached under a key that hashes everything
// that decides them:
//
//   - the package as go list reports it: ID, import path, name, the
//     names and contents of its files (cgo's output included), its module
//     and Go version, its type sizes (GOARCH), its load errors;
//   - the keys of its direct imports, so that a change anywhere below a
//     package changes its key (its facts and the export data it reads
//     depend on everything below it);
//   - whether it is a root (roots run every analyzer and report;
//     dependencies run those with facts), the analyzers' names,
//     Config.CacheKey and Config.PackageKey.
//
// The cached results are what the rest of the run needs of a package:
// its diagnostics (resolved, see Diagnostic), its facts (gob, as in the
// run), its export data (a file of its own, read only when an importer
// that is not cached must type-check against it), whether it was
// analysed, and Config.Summarize's data. A package that failed or does not
// type-check is not cached: it is processed again, and says why again.
//
// A cached package is neither parsed nor type-checked. Its importers that
// are cached too need nothing of it; one that is not needs its export data
// and facts, which the cache holds. When that export data cannot be read,
// the package is processed as if it were not cached (lookup).

// entry is the cached results of one package ("r" in the cache; its
// export data is "x").
type entry struct {
	Analysed  bool
	DepFacts  bool
	HasExport bool
	Objects   []cachedFact
	Pkg       []cachedFact
	Diags     []reported
	Summary   []byte

	facts *factSet // decoded from Objects and Pkg by lookup
}

type cachedFact struct {
	Path string // objectpath; "" for a package fact
	Type string // reflect.Type.String()
	Data []byte
}

// reported are the diagnostics of one analyzer on a package.
type reported struct {
	Analyzer string
	Diags    []Diagnostic
}

const (
	kindResults = "r"
	kindExport  = "x"
)

// lookup computes the cache key of every package and reads the entries
// found; then it reads the export data of the cached packages that an
// importer not cached needs, and treats a package whose export data cannot
// be read as not cached (which may make its own dependencies' export data
// needed in turn).
func (r *run) lookup() {
	if r.cfg.Cache == nil {
		return
	}
	nodes := slices.SortedFunc(maps.Values(r.nodes), func(a, b *node) int { return cmp.Compare(a.pkg.ID, b.pkg.ID) })
	hashes := hashFiles(nodes)
	done := map[*node]bool{}
	var keyOf func(n *node) *cache.Key
	keyOf = func(n *node) *cache.Key {
		if done[n] {
			return n.key
		}
		done[n] = true
		var deps []*cache.Key
		for _, d := range n.deps {
			k := keyOf(d)
			if k == nil {
				return nil
			}
			deps = append(deps, k)
		}
		n.key = r.key(n, hashes, deps)
		return n.key
	}
	types := map[string]reflect.Type{}
	for _, ts := range r.factTypes {
		for t := range ts {
			types[t.String()] = t
		}
	}
	for _, n := range nodes {
		keyOf(n)
	}
	parallel(nodes, func(n *node) {
		if n.key == nil {
			return
		}
		data, ok := r.cfg.Cache.Get(*n.key, kindResults)
		if !ok {
			return
		}
		var e entry
		if gob.NewDecoder(bytes.NewReader(data)).Decode(&e) != nil {
			return
		}
		if e.facts = decodeFacts(&e, types); e.facts == nil {
			return
		}
		n.entry = &e
	})
	// What the cached packages added to the caller's state is restored
	// now, so that a contribution that cannot be restored makes its
	// package one to analyse. (Restoring one twice, if the package is then
	// analysed after all, is harmless: the caller's state is a set.)
	for _, n := range nodes {
		if n.entry != nil && n.entry.Summary != nil && r.cfg.Restore != nil && r.cfg.Restore(n.pkg, n.entry.Summary) != nil {
			n.entry = nil
		}
	}
	importers := map[*node][]*node{}
	for _, n := range nodes {
		for _, d := range n.deps {
			importers[d] = append(importers[d], n)
		}
	}
	for {
		var need []*node
		for _, n := range nodes {
			if n.entry != nil && n.export.Load() == nil && slices.ContainsFunc(importers[n], func(m *node) bool { return m.entry == nil }) {
				need = append(need, n)
			}
		}
		if len(need) == 0 {
			return
		}
		var mu sync.Mutex
		var missing []*node
		parallel(need, func(n *node) {
			var data []byte
			ok := n.entry.HasExport
			if ok {
				data, ok = r.cfg.Cache.Get(*n.key, kindExport)
			}
			if ok {
				n.export.Store(&data)
				return
			}
			mu.Lock()
			missing = append(missing, n)
			mu.Unlock()
		})
		for _, n := range missing {
			n.entry = nil
		}
	}
}

// key returns the cache key of n given those of its direct imports (in
// n.deps order), or nil if one of its files cannot be read.
func (r *run) key(n *node, hashes map[string]*[sha256.Size]byte, deps []*cache.Key) *cache.Key {
	p := n.pkg
	h := sha256.New()
	fmt.Fprintf(h, "fencecheck driver cache 1\n%s\n", r.cfg.CacheKey)
	for _, as := range [][]*analysis.Analyzer{r.forRoots, r.forDeps, r.cfg.Analyzers} {
		for _, a := range as {
			fmt.Fprintf(h, "%s ", a.Name)
		}
		fmt.Fprintln(h)
	}
	fmt.Fprintf(h, "root %v\nid %q\npath %q\nname %q\nfortest %q\nsizes %#v\n", r.rootSet[p], p.ID, p.PkgPath, p.Name, p.ForTest, p.TypesSizes)
	if m := p.Module; m != nil {
		fmt.Fprintf(h, "module %q %q %v %q\n", m.Path, m.Version, m.Main, m.GoVersion)
		if m.Replace != nil {
			fmt.Fprintf(h, "replace %q %q\n", m.Replace.Path, m.Replace.Version)
		}
	}
	for _, e := range p.Errors {
		fmt.Fprintf(h, "error %d %q %q\n", e.Kind, e.Pos, e.Msg)
	}
	for _, f := range slices.Concat(p.CompiledGoFiles, p.OtherFiles) {
		sum := hashes[f]
		if sum == nil {
			return nil
		}
		fmt.Fprintf(h, "file %q %x\n", f, *sum)
	}
	for _, f := range p.GoFiles {
		fmt.Fprintf(h, "go %q\n", f)
	}
	for _, f := range p.IgnoredFiles {
		fmt.Fprintf(h, "ignored %q\n", f)
	}
	if r.cfg.PackageKey != nil {
		fmt.Fprintf(h, "package %q\n", r.cfg.PackageKey(p))
	}
	for i, d := range n.deps {
		fmt.Fprintf(h, "dep %q %x\n", d.pkg.ID, *deps[i])
	}
	var k cache.Key
	h.Sum(k[:0])
	return &k
}

// hashFiles hashes the files of the packages, several at a time; a file
// that cannot be read has no hash.
func hashFiles(nodes []*node) map[string]*[sha256.Size]byte {
	seen := map[string]bool{}
	var files []string
	for _, n := range nodes {
		for _, f := range slices.Concat(n.pkg.CompiledGoFiles, n.pkg.OtherFiles) {
			if !seen[f] {
				seen[f] = true
				files = append(files, f)
			}
		}
	}
	sums := make([]*[sha256.Size]byte, len(files))
	idx := make([]int, len(files))
	for i := range idx {
		idx[i] = i
	}
	bufs := sync.Pool{New: func() any { return new([64 << 10]byte) }}
	parallel(idx, func(i int) {
		f, err := os.Open(files[i])
		if err != nil {
			return
		}
		defer f.Close()
		h := sha256.New()
		buf := bufs.Get().(*[64 << 10]byte)
		defer bufs.Put(buf)
		// Not io.Copy: *os.File's WriteTo would allocate a buffer per file.
		if _, err := io.CopyBuffer(h, struct{ io.Reader }{f}, buf[:]); err != nil {
			return
		}
		var sum [sha256.Size]byte
		h.Sum(sum[:0])
		sums[i] = &sum
	})
	out := make(map[string]*[sha256.Size]byte, len(files))
	for i, f := range files {
		if sums[i] != nil {
			out[f] = sums[i]
		}
	}
	return out
}

// parallel calls f on every element of xs, GOMAXPROCS at a time.
func parallel[T any](xs []T, f func(T)) {
	var wg sync.WaitGroup
	work := make(chan T)
	for range min(runtime.GOMAXPROCS(0), len(xs)) {
		wg.Go(func() {
			for x := range work {
				f(x)
			}
		})
	}
	for _, x := range xs {
		work <- x
	}
	close(work)
	wg.Wait()
}

// decodeFacts returns the facts of e; nil if one is of a type that no
// analyzer of the run declares.
func decodeFacts(e *entry, types map[string]reflect.Type) *factSet {
	s := &factSet{objects: map[objectKey][]byte{}, pkg: map[reflect.Type][]byte{}}
	for _, f := range e.Objects {
		t := types[f.Type]
		if t == nil {
			return nil
		}
		s.objects[objectKey{objectpath.Path(f.Path), t}] = f.Data
	}
	for _, f := range e.Pkg {
		t := types[f.Type]
		if t == nil {
			return nil
		}
		s.pkg[t] = f.Data
	}
	return s
}

// restore gives n, whose results are cached, those results.
func (r *run) restore(n *node) {
	e := n.entry
	for _, d := range n.deps {
		d.imported()
	}
	n.analysed, n.depFacts = e.Analysed, e.DepFacts
	if e.facts.len() > 0 {
		n.facts = e.facts
	}
	for _, rep := range e.Diags {
		i := slices.IndexFunc(r.cfg.Analyzers, func(a *analysis.Analyzer) bool { return a.Name == rep.Analyzer })
		if i >= 0 {
			n.stage = "reporting"
			r.report(n.pkg, r.cfg.Analyzers[i], rep.Diags)
		}
	}
	e.Diags, e.Summary, e.Objects, e.Pkg = nil, nil, nil, nil // only the decoded facts are needed now
}

// store caches the results of n, processed in this run, unless it failed
// or does not type-check. A write that fails is ignored: the next run
// processes the package again.
func (r *run) store(n *node) {
	if r.cfg.Cache == nil || n.key == nil || n.failed || n.broken || !n.processed {
		return
	}
	e := entry{Analysed: n.analysed, DepFacts: n.depFacts, Diags: n.diags, Summary: n.summary}
	n.diags, n.summary = nil, nil
	if n.facts != nil {
		for k, b := range n.facts.objects {
			e.Objects = append(e.Objects, cachedFact{string(k.path), k.typ.String(), b})
		}
		for t, b := range n.facts.pkg {
			e.Pkg = append(e.Pkg, cachedFact{"", t.String(), b})
		}
	}
	if data := n.exportData(); data != nil {
		if r.cfg.Cache.Put(*n.key, kindExport, data) != nil {
			return
		}
		e.HasExport = true
	}
	var buf bytes.Buffer
	if gob.NewEncoder(&buf).Encode(&e) != nil {
		return
	}
	r.cfg.Cache.Put(*n.key, kindResults, buf.Bytes())
}
