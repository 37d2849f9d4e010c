// Package configcheck checks the names of a configuration file against
// the declarations of the package being analysed and of its imports, and
// its package paths against what the package can see, so that a
// misspelt entry is an error rather than silently useless.
package configcheck

import (
	"cmp"
	"fmt"
	"go/types"
	"maps"
	"path/filepath"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/config"
	"golang.org/x/tools/go/analysis"
)

// Names resolves every name of the configuration file that belongs to
// the package being analysed or to one of its direct imports (whose
// declarations are complete) against their declarations, and checks the
// indexes it gives against the function's signature. A name that matches
// nothing, or a lock's success result or a sink's argument that does not
// exist, would otherwise make the entry silently useless. Names of other
// packages are left to the packages that import them; a driver that sees the
// whole build can warn about packages that are not in it
// (config.Config.Packages).
func Names(pkg *types.Package, cfg *config.Config) error {
	if cfg == nil {
		return nil
	}
	pkgs := map[string]*types.Package{pkg.Path(): pkg}
	for _, imp := range pkg.Imports() {
		pkgs[imp.Path()] = imp
	}
	// Only the names of those packages, in file order (the first error
	// is the one of the first entry, whatever the package).
	var keys []string
	for path := range pkgs {
		keys = append(keys, cfg.KeysOf(path)...)
	}
	slices.SortFunc(keys, func(a, b string) int { return cmp.Compare(cfg.Offset(a), cfg.Offset(b)) })
	for _, key := range keys {
		if err := checkName(cfg, pkgs, key); err != nil {
			return err
		}
	}
	return nil
}

// checkName resolves the name at key against its package, one of pkgs.
func checkName(cfg *config.Config, pkgs map[string]*types.Package, key string) error {
	f, _ := cfg.Func(key)
	name := cfg.Name(key)
	obj, why := resolve(pkgs[f.Pkg], f.Recv, f.Name)
	if obj == nil {
		return cfg.Errorf(key, "%s", why)
	}
	_, isFence := cfg.IsFence(key)
	fn, ok := obj.(*types.Func)
	if !ok {
		if v, field := obj.(*types.Var); field && v.IsField() && isFence {
			return nil
		}
		return cfg.Errorf(key, "%s is %s, not a function or method", name, kindOf(obj))
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil
	}
	if i, ok := cfg.LockIndex(key); ok {
		if err := checkLockResult(cfg, key, i, fn, sig); err != nil {
			return err
		}
	}
	if i, ok := cfg.SinkIndex(key); ok {
		n := sig.Params().Len()
		if sig.Recv() != nil {
			n++
		}
		for j, a := range cfg.Sinks[i].CarriedBy {
			if a >= n {
				return cfg.Errorf(fmt.Sprintf("sinks[%d].carried_by[%d]", i, j),
					"%s takes %d argument(s), counted from 0%s; there is no argument %d", fn.Name(), n, recvNote(sig), a)
			}
		}
	}
	return nil
}

func recvNote(sig *types.Signature) string {
	if sig.Recv() != nil {
		return " with the receiver as 0"
	}
	return ""
}

// checkLockResult checks that the lock's success result exists and has the
// type its "success" says.
func checkLockResult(cfg *config.Config, key string, i int, fn *types.Func, sig *types.Signature) error {
	l := cfg.Locks[i]
	n := sig.Results().Len()
	idx, rkey := n-1, key
	if l.Success == "bool" {
		idx = 0
	}
	if l.Result != nil {
		idx, rkey = *l.Result, fmt.Sprintf("locks[%d].result", i)
	}
	if idx < 0 || idx >= n {
		if n == 0 {
			return cfg.Errorf(rkey, "%s returns nothing, so it cannot report whether the lock was taken", fn.Name())
		}
		return cfg.Errorf(rkey, "%s has %d result(s), counted from 0; there is no result %d", fn.Name(), n, idx)
	}
	t := sig.Results().At(idx).Type()
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	switch {
	case l.Success == "bool":
		if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsBoolean == 0 {
			return cfg.Errorf(rkey, "result %d of %s is %s, not a bool (\"success\": \"bool\")", idx, fn.Name(), types.TypeString(t, types.RelativeTo(fn.Pkg())))
		}
	default:
		if !types.Implements(t, errType) {
			return cfg.Errorf(rkey, "result %d of %s is %s, not an error (\"success\": \"err\"; say \"bool\" for a bool result)", idx, fn.Name(), types.TypeString(t, types.RelativeTo(fn.Pkg())))
		}
	}
	return nil
}

// resolve finds the function, method or field named by recv and name in
// pkg, or says why there is none.
func resolve(pkg *types.Package, recv, name string) (types.Object, string) {
	if recv == "" {
		obj := pkg.Scope().Lookup(name)
		if obj == nil {
			return nil, fmt.Sprintf("package %s has no function %s", pkg.Path(), name) + didYouMean(name, pkg.Scope().Names())
		}
		return obj, ""
	}
	tn, ok := pkg.Scope().Lookup(recv).(*types.TypeName)
	if !ok {
		var types_ []string
		for _, n := range pkg.Scope().Names() {
			if _, ok := pkg.Scope().Lookup(n).(*types.TypeName); ok {
				types_ = append(types_, n)
			}
		}
		return nil, fmt.Sprintf("package %s has no type %s", pkg.Path(), recv) + didYouMean(recv, types_)
	}
	obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, name)
	if obj == nil {
		return nil, fmt.Sprintf("type %s.%s has no method or field %s", pkg.Name(), recv, name) + didYouMean(name, membersOf(tn.Type()))
	}
	return obj, ""
}

func kindOf(obj types.Object) string {
	switch obj := obj.(type) {
	case *types.Var:
		if obj.IsField() {
			return "a field"
		}
		return "a variable"
	case *types.Const:
		return "a constant"
	case *types.TypeName:
		return "a type"
	}
	return "not a function"
}

// Packages checks the configuration's package paths against what
// this package can see (itself and its dependencies) and the module it is
// in (config.Config.CheckPackages).
func Packages(pass *analysis.Pass, cfg *config.Config) error {
	if len(cfg.Packages()) == 0 || len(pass.Files) == 0 {
		return nil
	}
	root := cfg.ModuleRoot(filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name()), pass.Pkg.Path())
	if root == "" {
		return nil
	}
	seen := map[string]bool{}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if seen[p.Path()] {
			return
		}
		seen[p.Path()] = true
		for _, imp := range p.Imports() {
			visit(imp)
		}
	}
	visit(pass.Pkg)
	return cfg.CheckPackages(root, func(p string) bool { return seen[p] }, slices.Sorted(maps.Keys(seen)))
}

// didYouMean suggests the nearest of names, if one is a likely typo.
func didYouMean(name string, names []string) string {
	if s := config.Nearest(name, names); s != "" {
		return "; did you mean " + s + "?"
	}
	return ""
}

// membersOf lists the methods (of T and *T) and the fields of a named
// type.
func membersOf(t types.Type) []string {
	var out []string
	ms := types.NewMethodSet(types.NewPointer(t))
	for i := range ms.Len() {
		out = append(out, ms.At(i).Obj().Name())
	}
	if st, ok := t.Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			out = append(out, st.Field(i).Name())
		}
	}
	return out
}
