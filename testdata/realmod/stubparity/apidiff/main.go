// Command apidiff compares every exported declaration of the GOPATH stubs in
// testdata/src with the real packages resolved by the example.com/realmod
// module: each stub object must exist in the real package with an identical
// type (funcs, vars, consts), and each stub field and method (including
// promoted ones) must exist on the real type with an identical type. Interfaces
// declared as a subset of the real method set are reported as "(subset)".
//
// Usage (see ../check.sh):
//
//	STUBGOPATH=<gopath containing src/> apidiff <dir inside the stub GOPATH> <realmod dir> <import paths...>
package main

import (
	"fmt"
	"go/types"
	"os"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

func load(dir string, env []string, pats []string) map[string]*types.Package {
	cfg := &packages.Config{Mode: packages.NeedTypes | packages.NeedName | packages.NeedImports | packages.NeedDeps, Dir: dir, Env: env}
	pkgs, err := packages.Load(cfg, pats...)
	if err != nil {
		panic(err)
	}
	out := map[string]*types.Package{}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			fmt.Fprintln(os.Stderr, p.PkgPath, e)
		}
		out[p.PkgPath] = p.Types
	}
	return out
}

func qual(p *types.Package) string { return p.Path() }

// tstr prints a type; signatures are printed without parameter names so that
// only the types matter.
func tstr(t types.Type) string {
	if sig, ok := t.(*types.Signature); ok {
		return sigString(sig)
	}
	return types.TypeString(t, qual)
}

func tupleString(t *types.Tuple, variadic bool) string {
	parts := make([]string, t.Len())
	for i := 0; i < t.Len(); i++ {
		typ := t.At(i).Type()
		if variadic && i == t.Len()-1 {
			parts[i] = "..." + types.TypeString(typ.(*types.Slice).Elem(), qual)
			continue
		}
		parts[i] = types.TypeString(typ, qual)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func sigString(sig *types.Signature) string {
	return "func" + tupleString(sig.Params(), sig.Variadic()) + " " + tupleString(sig.Results(), false)
}

func main() {
	stubRoot := os.Args[1]
	realDir := os.Args[2]
	pats := os.Args[3:]
	stub := load(stubRoot, append(os.Environ(), "GO111MODULE=off", "GOPATH="+os.Getenv("STUBGOPATH"), "GOFLAGS="), pats)
	real := load(realDir, os.Environ(), pats)
	for _, path := range pats {
		sp, rp := stub[path], real[path]
		if sp == nil || rp == nil {
			fmt.Println("MISSING PACKAGE", path, sp == nil, rp == nil)
			continue
		}
		if sp.Name() != rp.Name() {
			fmt.Printf("%s: package name %s != %s\n", path, sp.Name(), rp.Name())
		}
		names := sp.Scope().Names()
		sort.Strings(names)
		for _, n := range names {
			so := sp.Scope().Lookup(n)
			if !so.Exported() {
				continue
			}
			ro := rp.Scope().Lookup(n)
			if ro == nil {
				fmt.Printf("%s.%s: not in real package\n", path, n)
				continue
			}
			if fmt.Sprintf("%T", so) != fmt.Sprintf("%T", ro) {
				fmt.Printf("%s.%s: kind %T vs %T\n", path, n, so, ro)
				continue
			}
			switch so := so.(type) {
			case *types.TypeName:
				compareType(path+"."+n, so, ro.(*types.TypeName))
			default:
				if a, b := tstr(so.Type()), tstr(ro.Type()); a != b {
					fmt.Printf("%s.%s: type\n   stub %s\n   real %s\n", path, n, a, b)
				}
			}
		}
	}
}

func compareType(name string, s, r *types.TypeName) {
	if s.IsAlias() != r.IsAlias() {
		fmt.Printf("%s: alias %v vs %v\n", name, s.IsAlias(), r.IsAlias())
	}
	st, rt := s.Type(), r.Type()
	// underlying kind
	su, ru := st.Underlying(), rt.Underlying()
	switch su := su.(type) {
	case *types.Struct:
		rs, ok := ru.(*types.Struct)
		if !ok {
			fmt.Printf("%s: underlying struct vs %s\n", name, tstr(ru))
			break
		}
		for i := 0; i < su.NumFields(); i++ {
			f := su.Field(i)
			if !f.Exported() {
				continue
			}
			var rf *types.Var
			for j := 0; j < rs.NumFields(); j++ {
				if rs.Field(j).Name() == f.Name() {
					rf = rs.Field(j)
				}
			}
			if rf == nil {
				fmt.Printf("%s.%s: field not in real\n", name, f.Name())
				continue
			}
			if f.Embedded() != rf.Embedded() {
				fmt.Printf("%s.%s: embedded %v vs %v\n", name, f.Name(), f.Embedded(), rf.Embedded())
			}
			if a, b := tstr(f.Type()), tstr(rf.Type()); a != b {
				fmt.Printf("%s.%s: field type\n   stub %s\n   real %s\n", name, f.Name(), a, b)
			}
		}
	case *types.Interface:
		ri, ok := ru.(*types.Interface)
		if !ok {
			fmt.Printf("%s: underlying interface vs %s\n", name, tstr(ru))
			break
		}
		for i := 0; i < su.NumMethods(); i++ {
			m := su.Method(i)
			if !m.Exported() {
				continue
			}
			var rm *types.Func
			for j := 0; j < ri.NumMethods(); j++ {
				if ri.Method(j).Name() == m.Name() {
					rm = ri.Method(j)
				}
			}
			if rm == nil {
				fmt.Printf("%s.%s: interface method not in real\n", name, m.Name())
				continue
			}
			if a, b := tstr(m.Type()), tstr(rm.Type()); a != b {
				fmt.Printf("%s.%s: interface method\n   stub %s\n   real %s\n", name, m.Name(), a, b)
			}
		}
		if su.NumMethods() != ri.NumMethods() {
			fmt.Printf("%s: interface has %d methods in stub, %d in real (subset)\n", name, su.NumMethods(), ri.NumMethods())
		}
	default:
		if a, b := tstr(su), tstr(ru); a != b {
			fmt.Printf("%s: underlying\n   stub %s\n   real %s\n", name, a, b)
		}
	}
	// method sets (pointer receiver) including promoted
	sms := types.NewMethodSet(types.NewPointer(st))
	rms := types.NewMethodSet(types.NewPointer(rt))
	if _, ok := su.(*types.Interface); ok {
		return
	}
	for i := 0; i < sms.Len(); i++ {
		sel := sms.At(i)
		m := sel.Obj()
		if !m.Exported() {
			continue
		}
		rsel := rms.Lookup(m.Pkg(), m.Name())
		if rsel == nil {
			// lookup by name across packages
			for j := 0; j < rms.Len(); j++ {
				if rms.At(j).Obj().Name() == m.Name() {
					rsel = rms.At(j)
				}
			}
		}
		if rsel == nil {
			fmt.Printf("%s.%s: method not in real\n", name, m.Name())
			continue
		}
		a := strings.TrimPrefix(tstr(sel.Type()), "func")
		b := strings.TrimPrefix(tstr(rsel.Type()), "func")
		if a != b {
			fmt.Printf("%s.%s: method\n   stub %s\n   real %s\n", name, m.Name(), a, b)
		}
	}
	// value-receiver method set must also match (addressability matters for interfaces)
	svs := types.NewMethodSet(st)
	rvs := types.NewMethodSet(rt)
	for i := 0; i < svs.Len(); i++ {
		m := svs.At(i).Obj()
		if !m.Exported() {
			continue
		}
		found := false
		for j := 0; j < rvs.Len(); j++ {
			if rvs.At(j).Obj().Name() == m.Name() {
				found = true
			}
		}
		if !found {
			fmt.Printf("%s.%s: in value method set of stub but not of real\n", name, m.Name())
		}
	}
}
