// Package program is the standalone command's whole-program state: the
// summarised concrete methods of every package analysed so far and the
// interface calls waiting for them, with the per-package log that the
// command's cache keeps. It is apart from the engine to keep each package
// small (issue 24); the engine imports it, never the reverse.
package program

import (
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/analysis"
)

// Program is what the standalone command knows about the whole analysed
// program: the concrete methods with effects or acquisitions of every
// package analysed so far, and the packages whose sections make interface
// calls that nothing they can see implements. It holds strings only.
type Program struct {
	mu      sync.Mutex
	impls   map[string][]Impl // by method name and signature
	wanted  map[string][]want
	resolve bool

	// What each package being analysed added, while the standalone
	// command caches results (cache.go); nil otherwise.
	logs map[*types.Package]*contribution
	// The fact types of the run's analyzers, by name, to decode the
	// checks' summaries of a cached contribution.
	factTypes map[string]reflect.Type
}

// want is an interface call that nothing its package can see implements:
// for its effects, as an acquisition, or for a check's summary.
type want struct {
	key  string
	lock bool
	kind string // the kind of a check's summary (Impl.Summaries); "" for effects and acquisitions
}

// Impl is a concrete method of the program, summarised.
type Impl struct {
	Pkg, Type string
	Methods   map[string]string // the method set of *Type: name -> signature
	Effects   []fact.RemoteEffect
	Acquire   *fact.AcquireFact
	// Summaries are the checks' own summaries of the method (a lease
	// renewal, a release by name), by kind (unit.Engine.RecordSummary).
	// add replaces the map rather than writing to it: lookup hands out
	// copies of Impl.
	Summaries map[string]analysis.Fact
}

// NewProgram returns an empty Program.
func NewProgram() *Program {
	return &Program{impls: map[string][]Impl{}, wanted: map[string][]want{}}
}

// Resolve switches p to its second pass: interface calls are resolved
// against what the first pass recorded.
func (p *Program) Resolve() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.resolve = true
}

// Resolving reports whether p is in its second pass (Resolve).
func (p *Program) Resolving() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.resolve
}

// Want records an interface call of tp, for its effects or (lock) as an
// acquisition, that an implementation elsewhere in the program may answer.
func (p *Program) Want(tp *types.Package, key string, lock bool) {
	p.addWant(tp, tp.Path(), want{key: key, lock: lock})
}

// addWant records w for the package with path pkg, and in tp's log
// (cache.go) if tp is not nil.
func (p *Program) addWant(tp *types.Package, pkg string, w want) {
	if model.KB.IsLibraryPackage(pkg) {
		return // a lock library's own code: no findings to make
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.log(tp).wanted(pkg, w)
	if !slices.Contains(p.wanted[pkg], w) {
		p.wanted[pkg] = append(p.wanted[pkg], w)
	}
}

// Wanted returns the packages with an interface call in a section that an
// implementation elsewhere in the program may answer, each with the
// answers it would get (the implementations, in a stable order): a package
// analysed again is analysed once more only when that changes (an acquire
// wrapper found in the previous run answers a call one level up).
func (p *Program) Wanted() map[string]string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string]string{}
	for pkg, ws := range p.wanted {
		var answers []string
		for _, w := range ws {
			for _, im := range p.impls[w.key] {
				ok := false
				switch {
				case im.Pkg == pkg:
				case w.kind != "":
					ok = im.Summaries[w.kind] != nil
				case w.lock:
					ok = im.Acquire != nil
				default:
					ok = len(im.Effects) > 0
				}
				if ok {
					answers = append(answers, w.key+" "+im.Pkg+"."+im.Type)
				}
			}
		}
		if len(answers) > 0 {
			slices.Sort(answers)
			out[pkg] = strings.Join(slices.Compact(answers), "\n")
		}
	}
	return out
}

// Add records a concrete method of tp under key (its name and SigKey).
func (p *Program) Add(tp *types.Package, key string, im Impl) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.log(tp).added(key, im)
	for i, old := range p.impls[key] {
		if old.Pkg == im.Pkg && old.Type == im.Type {
			// The same method, summarised by another check: the first
			// summary of each kind stands.
			merged := map[string]analysis.Fact{}
			maps.Copy(merged, im.Summaries)
			maps.Copy(merged, old.Summaries)
			p.impls[key][i].Summaries = merged
			return // the package and its test variant
		}
	}
	p.impls[key] = append(p.impls[key], im)
}

// Lookup returns the recorded methods for key whose type implements iface.
func (p *Program) Lookup(key string, iface *types.Interface) []Impl {
	return p.LookupMethods(key, IfaceKeys(iface))
}

// IfaceKeys renders an interface's methods as Lookup matches them: each
// its name, a space and its SigKey.
func IfaceKeys(iface *types.Interface) []string {
	out := make([]string, 0, iface.NumMethods())
	for i := range iface.NumMethods() {
		m := iface.Method(i)
		out = append(out, m.Name()+" "+SigKey(m.Type().(*types.Signature)))
	}
	return out
}

// LookupMethods is Lookup with the interface given by its methods
// (IfaceKeys), as a summary that crossed packages carries it.
func (p *Program) LookupMethods(key string, methods []string) []Impl {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []Impl
	for _, im := range p.impls[key] {
		ok := true
		for _, m := range methods {
			name, sig, _ := strings.Cut(m, " ")
			if im.Methods[name] != sig {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, im)
		}
	}
	return out
}

// SigKey renders a method signature without its receiver and without
// parameter and result names, with full package paths: identical types
// render identically in every package, and an implementation that names
// its results differently from the interface (`(n int64, err error)` for
// `(height int64, err error)`) still matches.
func SigKey(sig *types.Signature) string {
	bare := types.NewSignatureType(nil, nil, nil, unnamed(sig.Params()), unnamed(sig.Results()), sig.Variadic())
	return types.TypeString(bare, func(p *types.Package) string { return p.Path() })
}

// unnamed returns t with its variables' names dropped.
func unnamed(t *types.Tuple) *types.Tuple {
	vars := make([]*types.Var, t.Len())
	for i := range t.Len() {
		vars[i] = types.NewParam(t.At(i).Pos(), t.At(i).Pkg(), "", t.At(i).Type())
	}
	return types.NewTuple(vars...)
}

// Acquires reports whether a method recorded under key is an acquire
// wrapper.
func (p *Program) Acquires(key string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.ContainsFunc(p.impls[key], func(im Impl) bool { return im.Acquire != nil })
}

// WantKind records an interface call whose implementation may carry a
// check's summary of the given kind elsewhere in the program.
func (p *Program) WantKind(tp *types.Package, key, kind string) {
	p.addWant(tp, tp.Path(), want{key: key, kind: kind})
}
