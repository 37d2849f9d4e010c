// Package prefilter holds the engine's cheap admission tests, on a
// package's imports, names and configuration, and the source texts a
// driver looks for before parsing a package, so that one that can neither
// hold a lock nor export a fact is skipped without building its SSA.
package prefilter

import (
	"go/types"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/config"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/analysis"
)

// NamesRenewal reports whether the package declares or calls a function
// named as a lease renewal (vocab.RenewalBeatWords: startHeartbeat, keepAlive,
// renewLease): a heartbeat of a lease over any store or client, whose loss
// FC5002 follows to the work (lossreach), needs no lock
// library. A package admitted only for this is checked for FC5002 alone
// (the engine's analyzeLoss).
func NamesRenewal(pass *analysis.Pass) bool {
	for id, obj := range pass.TypesInfo.Defs {
		if _, ok := obj.(*types.Func); ok && vocab.NamesRenewal(id.Name) {
			return true
		}
	}
	// A renewal of another package's client (locker.Renew(key)) called
	// in a loop here.
	for id, obj := range pass.TypesInfo.Uses {
		if _, ok := obj.(*types.Func); ok && vocab.NamesRenewal(id.Name) {
			return true
		}
	}
	// The extension of the application's own lock (locker.Extend(ctx,
	// key) on a type that also locks and unlocks), kept alive by a
	// refresher here.
	for id, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && vocab.NamesExtension(id.Name) && calls.LockMethod(fn) {
			return true
		}
	}
	return false
}

// AsksLease reports whether the package calls a bool function, method,
// func-typed field or parameter named as a lease question (IsLeader,
// s.isLeader(), amLeader()): code that acts only while an elector says
// it leads (FC2001) needs no lock library of its own; the elector may be
// another package's, or handed in as a function value.
func AsksLease(pass *analysis.Pass) bool {
	for id, obj := range pass.TypesInfo.Uses {
		switch obj.(type) {
		case *types.Func, *types.Var:
		default:
			continue
		}
		sig, ok := obj.Type().Underlying().(*types.Signature)
		if ok && sig.Results().Len() > 0 && calls.IsBool(sig.Results().At(0).Type()) && vocab.AsksLease(id.Name) {
			return true
		}
	}
	return false
}

// RenewalMarkers are the source texts a driver looks for, before parsing a
// package it reports on, that make NamesRenewal possible. A package
// admitted only for them exports no fact, so a dependency needs none.
var RenewalMarkers = []string{"eartbeat", "eepalive", "eepAlive", "enew", "Extend("}

// MirrorsLock reports whether the package names a method that mirrors a
// lock's acquisition (model.KB.MirrorAcquires: an application's RedisBackend
// with SetNX): it may wrap a lock while importing no library.
func MirrorsLock(pass *analysis.Pass) bool {
	if model.KB.IsLibraryPackage(pass.Pkg.Path()) {
		return false // go-redis' own SetNX
	}
	for id := range pass.TypesInfo.Defs {
		if slices.Contains(model.KB.MirrorAcquires, id.Name) {
			return true
		}
	}
	for id := range pass.TypesInfo.Uses {
		if slices.Contains(model.KB.MirrorAcquires, id.Name) {
			return true
		}
	}
	return false
}

// MirrorMarkers are the source texts a driver looks for, before parsing
// the package at path, that make MirrorsLock possible: a mirrored
// acquisition's name followed by its parameter list (none in a library of
// the knowledge base).
func MirrorMarkers(path string) []string {
	if model.KB.IsLibraryPackage(path) {
		return nil
	}
	var out []string
	for _, n := range model.KB.MirrorAcquires {
		out = append(out, n+"(")
	}
	return out
}

// Configured reports whether the configuration declares a lock or a sink.
func Configured(cfg *config.Config) bool { return len(cfg.Locks)+len(cfg.Sinks) > 0 }

// ImportsAPI reports whether path is a lock or sink package of the
// knowledge base, or an object store's (S3, GCS, MinIO), in which a
// program may keep a lock as an object.
func ImportsAPI(path string) bool {
	return model.KB.LockPackages[path] || model.KB.SinkPackages[path] || model.KB.ObjectPackages[path]
}

// MayExportFacts tells a driver, before it parses a dependency that is
// analysed only for its facts, whether the engine could export any for it:
// it decides as the engine's prefilter and its annotations do, from the package's directory (for
// its configuration, given by configs), its import paths, whether a
// dependency of it exported facts, and whether its source mentions an
// annotation. A false answer is exact, so the driver may skip the package.
func MayExportFacts(dir string, configs *config.Source, imports []string, depFacts bool, annotated func() bool) bool {
	if depFacts || slices.ContainsFunc(imports, ImportsAPI) {
		return true
	}
	if configs.File(dir) != "" {
		cfg, err := configs.For(dir)
		if err != nil || Configured(cfg) {
			return true // analysing the package reports the error
		}
		// A package importing one the file names resolves those names
		// (configcheck.Names), so that a misspelt fence or check is an error.
		named := cfg.Packages()
		if slices.ContainsFunc(imports, func(p string) bool { _, ok := named[p]; return ok }) {
			return true
		}
	}
	return annotated()
}

// DeclaredLockMarkers are the source texts a driver looks for, before
// parsing a package, that make a call of an interface method declaring a
// lock's acquisition possible (package ifacelock: its first parameter is a
// context, or it takes a lease's duration after one).
var DeclaredLockMarkers = []string{"Lock(c", "Acquire(c", "Obtain(c"}
