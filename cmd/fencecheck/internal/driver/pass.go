package driver

import (
	"fmt"
	"net/url"
	"os"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/fencecheck/fencecheck/internal/crash"
)

// runAnalyzers runs the analyzers (each after its requirements) on one
// type-checked package and returns the facts they exported. Diagnostics
// go to cfg.Report for a root and are dropped for a dependency.
func (r *run) runAnalyzers(n *node, u *unit, analyzers []*analysis.Analyzer, root bool) *factSet {
	p := n.pkg
	live := newLiveFacts()
	results := map[*analysis.Analyzer]any{}
	failed := map[*analysis.Analyzer]bool{}
	module := &analysis.Module{}
	if m := p.Module; m != nil {
		module = &analysis.Module{Path: m.Path, Version: m.Version, Main: m.Main, Indirect: m.Indirect, GoVersion: m.GoVersion}
	}
	for _, a := range analyzers {
		if slices.ContainsFunc(a.Requires, func(req *analysis.Analyzer) bool { return failed[req] }) {
			failed[a] = true // its requirement's failure has been reported
			continue
		}
		f := &facts{a: a, types: r.factTypes[a], u: u, live: live}
		var diags []analysis.Diagnostic
		pass := &analysis.Pass{
			Analyzer:     a,
			Fset:         u.fset,
			Files:        u.files,
			OtherFiles:   p.OtherFiles,
			IgnoredFiles: p.IgnoredFiles,
			Pkg:          u.pkg,
			TypesInfo:    u.info,
			TypesSizes:   p.TypesSizes,
			Module:       module,
			ResultOf:     map[*analysis.Analyzer]any{},
			Report:       func(d analysis.Diagnostic) { diags = append(diags, d) },

			ImportObjectFact:  f.importObject,
			ExportObjectFact:  f.exportObject,
			ImportPackageFact: f.importPackage,
			ExportPackageFact: f.exportPackage,
			AllObjectFacts:    f.allObjects,
			AllPackageFacts:   f.allPackages,
		}
		pass.ReadFile = readFile(pass)
		for _, req := range a.Requires {
			pass.ResultOf[req] = results[req]
		}
		res, err := runOne(pass)
		if err == nil && reflect.TypeOf(res) != a.ResultType {
			err = fmt.Errorf("internal error: result of type %T, declared %v", res, a.ResultType)
		}
		for i := range diags {
			if err == nil {
				diags[i].URL, err = resolveURL(a, diags[i])
			}
		}
		if err != nil {
			failed[a] = true
			n.failed = true
			r.fail(p, a, err)
			continue
		}
		results[a] = res
		if root && len(diags) > 0 && slices.Contains(r.cfg.Analyzers, a) {
			resolved := make([]Diagnostic, len(diags))
			for i, d := range diags {
				resolved[i] = resolve(u.fset, u.files, d)
			}
			if r.cfg.Cache != nil {
				n.diags = append(n.diags, reported{a.Name, resolved})
			}
			n.stage = "reporting"
			r.report(p, a, resolved)
			n.stage = "analysing"
		}
	}
	n.stage = "encoding facts"
	s, err := live.encode()
	if err != nil {
		// A fact type that gob cannot encode: a bug of the analyzer that
		// declares it, reported against the first that declares facts.
		i := slices.IndexFunc(analyzers, func(a *analysis.Analyzer) bool { return len(a.FactTypes) > 0 })
		n.failed = true
		r.fail(p, analyzers[i], err)
		return &factSet{}
	}
	return s
}

// report passes a root's diagnostics to cfg.Report, one call at a time.
func (r *run) report(p *packages.Package, a *analysis.Analyzer, diags []Diagnostic) {
	if r.cfg.Report == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock() // Report may panic (recovered in analyzeAll)
	for _, d := range diags {
		r.cfg.Report(p, a, d)
	}
}

// runOne runs an analyzer, turning a panic into an internal error that
// names the package, so that one bad package does not end the run.
func runOne(pass *analysis.Pass) (res any, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = crash.New(pass.Pkg.Path(), pass.Analyzer.Name, v)
		}
	}()
	return pass.Analyzer.Run(pass)
}

// readFile allows the files of the package, as analysis.Pass.ReadFile
// requires.
func readFile(pass *analysis.Pass) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		ok := slices.Contains(pass.OtherFiles, name) || slices.Contains(pass.IgnoredFiles, name)
		for _, f := range pass.Files {
			ok = ok || pass.Fset.File(f.FileStart).Name() == name
		}
		if !ok {
			return nil, fmt.Errorf("Pass.ReadFile: %s is not among the package's files", name)
		}
		return os.ReadFile(name)
	}
}

// resolveURL gives a diagnostic its documentation address as x/tools'
// drivers do: its own URL, or "#category", resolved against the analyzer's.
func resolveURL(a *analysis.Analyzer, d analysis.Diagnostic) (string, error) {
	if d.URL == "" && d.Category == "" && a.URL == "" {
		return "", nil
	}
	raw := d.URL
	if raw == "" && d.Category != "" {
		raw = "#" + d.Category
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("invalid Diagnostic.URL %q: %v", raw, err)
	}
	base, err := url.Parse(a.URL)
	if err != nil {
		return "", fmt.Errorf("invalid Analyzer.URL %q: %v", a.URL, err)
	}
	return base.ResolveReference(u).String(), nil
}
