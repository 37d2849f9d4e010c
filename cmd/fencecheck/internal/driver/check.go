package driver

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"runtime/metrics"
	"slices"
	"strings"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// unit is one package parsed and type-checked from source. It lives only
// while the package is analysed.
type unit struct {
	fset  *token.FileSet
	files []*ast.File
	pkg   *types.Package
	info  *types.Info
	// byPath is every package of the node's import graph by package path:
	// the import paths of a build resolve to one package each.
	byPath map[string]*node
	// direct are the direct imports, by package path.
	direct map[string]*node
}

// check parses and type-checks the package of n, importing its
// dependencies from the export data the run wrote for them; bodies says
// whether function bodies are checked too (a package that is neither
// analysed nor asked for is needed only for its declarations). It returns
// nil when the package has no Go files or does not type-check; errors are
// added to the package's Errors, the way go/packages reports them, and n is
// marked broken.
func (r *run) check(n *node, s *slot, bodies bool) *unit {
	p := n.pkg
	if slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return !embedError(e) }) {
		n.broken = true // go list could not make sense of it
	}
	if len(p.CompiledGoFiles) == 0 {
		n.broken = true
		return nil
	}
	u := &unit{byPath: map[string]*node{}, direct: map[string]*node{}}
	u.addPaths(n)
	for _, d := range n.deps {
		u.direct[d.pkg.PkgPath] = d
	}
	imports := r.universeFor(n, s)
	u.fset = imports.fset

	var errs []packages.Error
	for _, name := range p.CompiledGoFiles {
		f, err := parser.ParseFile(u.fset, name, nil, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
		if f != nil {
			u.files = append(u.files, f)
		}
		errs = append(errs, parseErrors(name, err)...)
	}

	brokenImports := map[string]bool{}
	for path, dep := range p.Imports {
		if r.nodes[dep].broken {
			brokenImports[path] = true
		}
	}
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			dep := p.Imports[path]
			if dep == nil {
				return nil, fmt.Errorf("no metadata for %s", path)
			}
			return imports.importFrom(r.nodes[dep])
		}),
		Sizes:            p.TypesSizes,
		IgnoreFuncBodies: !bodies,
		Error: func(err error) {
			var te types.Error
			if !errors.As(err, &te) {
				errs = append(errs, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.TypeError})
				return
			}
			// An import of a package that does not compile fails; that
			// package's own errors say why.
			if path, ok := strings.CutPrefix(te.Msg, "could not import "); ok {
				if i := strings.IndexByte(path, ' '); i > 0 && brokenImports[path[:i]] {
					return
				}
			}
			errs = append(errs, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	u.info = &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	u.pkg = types.NewPackage(p.PkgPath, p.Name)
	err := types.NewChecker(tc, u.fset, u.pkg, u.info).Files(u.files)
	if err != nil && len(errs) == 0 && len(brokenImports) == 0 {
		errs = append(errs, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.TypeError})
	}
	if len(errs) > 0 || len(brokenImports) > 0 {
		// Errors are recorded only here, by the one goroutine that owns
		// the package, and read after the run.
		p.Errors = append(p.Errors, errs...)
		p.IllTyped = true
		n.broken = true
		return nil
	}
	return u
}

// addPaths indexes the import graph of n by package path.
func (u *unit) addPaths(n *node) {
	if _, ok := u.byPath[n.pkg.PkgPath]; ok {
		return
	}
	u.byPath[n.pkg.PkgPath] = n
	for _, d := range n.deps {
		u.addPaths(d)
	}
}

// A universe is a set of packages read from export data and the file set
// that holds their positions. Packages type-checked against one universe
// share its types, so a package imported by many is read once.
//
// A universe is used by one goroutine at a time (the one holding its
// slot), never by two packages at once, and needs no lock. Export data is
// deep: a package's data declares the parts of other packages that its API
// reaches, and reading it adds those declarations to the scopes of packages
// already in the universe (an indirect import of one package, incomplete
// until a package imports it directly). A package analysed at the same time
// against the same universe would see its imports change under it: its
// analyzers (objectpath, AllObjectFacts, go/ssa) read those scopes while the
// reader writes them, a data race that the runtime reports as a fatal
// "concurrent map read and map write" (issue 27). Taking a lock for the
// read is not enough: the readers are the type checker and the analyzers.
type universe struct {
	fset    *token.FileSet
	imports map[string]*types.Package
	// owners is the package of each file of the run (read-only, shared);
	// checked is the size of each package's scope when its interfaces
	// were last repaired (exportfix.go).
	owners  map[string]*packages.Package
	checked map[*types.Package]int
}

func (r *run) newUniverse() *universe {
	return &universe{fset: token.NewFileSet(), imports: map[string]*types.Package{},
		owners: r.owners, checked: map[*types.Package]int{}}
}

// importFrom returns the package of n, reading its export data unless the
// universe already has it.
func (u *universe) importFrom(n *node) (*types.Package, error) {
	path := n.pkg.PkgPath
	if pkg := u.imports[path]; pkg != nil && pkg.Complete() {
		return pkg, nil
	}
	data := n.exportData()
	if data == nil {
		return nil, fmt.Errorf("no export data for %s", path)
	}
	pkg, err := gcexportdata.Read(bytes.NewReader(data), u.fset, u.imports, path)
	if err == nil {
		u.repairInterfaces()
	}
	return pkg, err
}

// writeExport encodes the declarations of a type-checked package for its
// importers, in x/tools' indexed export format.
func writeExport(u *unit) ([]byte, error) {
	var buf bytes.Buffer
	if err := gcexportdata.Write(&buf, u.fset, u.pkg); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sharedBudget bounds how far the live heap may grow beyond what the run
// holds anyway (the package graph) while the slots' universes are in use. A
// universe only grows: on a large code base it would come to hold the types
// of every dependency, as x/tools' checker does. Past the budget the next
// package of a slot starts a new universe, and the old one is freed. On
// k8s.io/client-go, 64 MiB kept peak memory at half of staticcheck's while
// reading each big dependency's export data a few times instead of once
// per importer (docs/performance.md).
const sharedBudget = 64 << 20

// universeFor returns the universe to type-check n against: the slot's,
// unless n imports a test variant ("q [p.test]", recompiled for the tests
// of p), whose declarations differ from those of the package with the same
// path; such a package gets a universe of its own. (A package that is no
// test variant never imports one.)
func (r *run) universeFor(n *node, s *slot) *universe {
	if slices.ContainsFunc(n.deps, isVariant) {
		return r.newUniverse()
	}
	renew := liveHeap() > r.heapFloor+sharedBudget
	if r.cfg.renew != nil {
		renew = r.cfg.renew(n.pkg)
	}
	if s.u == nil || renew {
		s.u = r.newUniverse()
	}
	return s.u
}

func isVariant(n *node) bool { return n.pkg.ForTest != "" }

// parseErrors converts a parser error the way go/packages does.
func parseErrors(name string, err error) []packages.Error {
	if err == nil {
		return nil
	}
	var list scanner.ErrorList
	if errors.As(err, &list) {
		var out []packages.Error
		for _, e := range list {
			out = append(out, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
		}
		return out
	}
	return []packages.Error{{Pos: name, Msg: err.Error(), Kind: packages.ParseError}}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// liveHeap is the heap in use after the last garbage collection.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// embedError reports whether e is go list's complaint about a //go:embed
// pattern ("pattern x: no matching files found", "pattern x: cannot embed
// ..."). The build fails and the error is reported, but a package's types
// never depend on the files it embeds, so the package and its importers
// are still type-checked and analysed: one missing asset must not hide an
// application's findings.
func embedError(e packages.Error) bool {
	return e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "pattern ")
}
