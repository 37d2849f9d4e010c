package engine

import (
	"go/types"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/ifacelock"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/program"
	"golang.org/x/tools/go/analysis"
)

// Acquisitions behind the application's own interfaces. A package whose
// code takes a lock only through an interface of the program
// (svc.locker.LockOrder(id), implemented by a locker package holding
// redsync mutexes in a map) imports no lock API and has no fact of one:
// the prefilter does not admit it, and its sections are never looked for.
// In the standalone command, which sees the whole program, such a package
// records the interface methods it calls that can report an acquisition's
// success (an error or bool result) as wanted acquisitions in the first
// pass; the further pass admits it when an implementation of one of them
// elsewhere in the program is an acquire wrapper (program.Acquires), and
// the engine then resolves the call as any interface acquisition
// (interfaceLock).

// interfaceAcquisitions returns the keys (program.SigKey, as methodKey
// makes them) of the methods of the program's own interfaces that pass's
// package calls and that can report an acquisition's success.
func interfaceAcquisitions(pass *analysis.Pass) []string {
	seen := map[string]bool{}
	var keys []string
	for _, sel := range pass.TypesInfo.Selections {
		if sel.Kind() != types.MethodVal || !types.IsInterface(sel.Recv()) {
			continue
		}
		fn, ok := sel.Obj().(*types.Func)
		if !ok || fn.Pkg() == nil || !calls.UserPackage(fn.Pkg().Path()) || model.KB.IsLockAPI(fn) {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if !reportsSuccess(sig) {
			continue
		}
		k := fn.Name() + " " + program.SigKey(sig)
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	return keys
}

// reportsSuccess reports whether a result of sig is an error or a bool:
// the two ways an acquisition says it succeeded (model.ErrNil, model.True).
func reportsSuccess(sig *types.Signature) bool {
	for i := range sig.Results().Len() {
		t := sig.Results().At(i).Type()
		if isError(t) {
			return true
		}
		if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			return true
		}
	}
	return false
}

// admitByInterface reports, for a package the prefilter does not admit,
// whether an acquire wrapper elsewhere in the program answers one of its
// interface calls; in the first pass it records the calls as wanted
// acquisitions and reports false.
func admitByInterface(pass *analysis.Pass, prog *program.Program) bool {
	if prog == nil || model.KB.IsLibraryPackage(pass.Pkg.Path()) {
		return false
	}
	keys := interfaceAcquisitions(pass)
	if !prog.Resolving() {
		for _, k := range keys {
			prog.Want(pass.Pkg, k, true)
		}
		return false
	}
	for _, k := range keys {
		if prog.Acquires(k) {
			return true
		}
	}
	return false
}

// callsDeclaredLock reports whether pass's package calls a method of an
// interface that declares a distributed lock's acquisition by its name and
// signature (package ifacelock). Such a package is admitted by every
// driver, one package at a time: the implementation may be in a package it
// cannot import, or in another module.
func callsDeclaredLock(pass *analysis.Pass) bool {
	if model.KB.IsLibraryPackage(pass.Pkg.Path()) {
		return false
	}
	for _, sel := range pass.TypesInfo.Selections {
		if sel.Kind() != types.MethodVal || !types.IsInterface(sel.Recv()) {
			continue
		}
		if fn, ok := sel.Obj().(*types.Func); ok && ifacelock.Declared(fn) != nil {
			return true
		}
	}
	return false
}
