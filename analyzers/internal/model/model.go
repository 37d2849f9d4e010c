// Package model is fencecheck's knowledge base: which calls acquire and
// release distributed locks, which values are fencing tokens, and which calls
// change state outside the process (sinks), together with where each sink
// keeps the condition that a resource could enforce.
//
// Everything here is data, filed by library: each library family is one
// Library value in its own file, kb_<family>.go (kb_etcd.go declares etcd,
// kb_redis.go every Redis client, kb_s3.go S3's lock objects), and Libraries
// lists them. What a check needs to treat a library differently is a field
// of the entry (a sink's LeaseOptions or OwnKey, a lock's Held or KeyOnly, a
// Store's RecordObject), so the engine never names a library in code; a test
// (TestKnowledgeBoundary) fails on a third-party import path or a
// comparison with a family name outside this package. The engine and the
// checks ask one Index, KB (index.go), built from Libraries when the
// package is initialised; the types it indexes live in the files named
// after what they describe (locks.go, sinks.go, store.go, ...). Word lists,
// which match names rather than APIs, are in package vocab.
//
// Adding a library means adding one kb_<family>.go file (or entries to the
// family's file) and the library to Libraries, plus tests: see "Adding a
// library" in docs/contributing.md. The configuration file (package config)
// and //fencecheck: annotations (package annotation) compile into the same
// types.
package model

import (
	"go/types"
	"strings"
)

// Func names a function or method the way fencecheck matches calls.
//
// Pkg is the import path. Recv is the receiver's type name without package
// or pointer ("Mutex"); "" for a package-level function and "*" for "any
// receiver type declared in Pkg, of a method whose first parameter is a
// context.Context" (go-redis, whose commands are declared on an unexported
// type and on several interfaces; the methods of the same names of its
// builders and argument types, AliasBuilder.Del or ARGrepArgs.Append, take
// no context and are no commands). In a package whose commands take no
// context (Library.NoContext: go-redis v6 and v7), "*" is a method that
// returns a single command instead (a pointer to a type of Pkg with an
// Err() error method). Name is the function or method name.
type Func struct {
	Pkg, Recv, Name string
}

// String renders f like the Go reference documentation does:
// "concurrency.(*Mutex).Lock" becomes "concurrency.Mutex.Lock".
func (f Func) String() string {
	short := f.Pkg[strings.LastIndex(f.Pkg, "/")+1:]
	if f.Recv == "" || f.Recv == "*" {
		return short + "." + f.Name
	}
	return short + "." + f.Recv + "." + f.Name
}

// Field names a struct field by package, type and field name.
type Field struct {
	Pkg, Type, Name string
}

// Matches reports whether fn is the function or method f describes.
func (f Func) Matches(fn *types.Func) bool {
	if fn == nil || fn.Name() != f.Name || fn.Pkg() == nil || fn.Pkg().Path() != f.Pkg {
		return false
	}
	recv := RecvName(fn)
	switch f.Recv {
	case "*":
		if noContext[f.Pkg] {
			return recv != "" && returnsCommand(fn)
		}
		return recv != "" && takesContext(fn)
	default:
		return recv == f.Recv
	}
}

// takesContext reports whether fn's first parameter is a context.Context.
func takesContext(fn *types.Func) bool {
	ps := fn.Type().(*types.Signature).Params()
	if ps.Len() == 0 {
		return false
	}
	n, ok := types.Unalias(ps.At(0).Type()).(*types.Named)
	return ok && n.Obj().Name() == "Context" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context"
}

// RecvName returns the name of fn's receiver type, without pointer and type
// arguments, or "" for a plain function.
func RecvName(fn *types.Func) string {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return ""
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return t.Obj().Name()
	case *types.Interface:
		// A method of an embedded interface reached through a struct
		// field: the receiver is the interface itself, which has no name
		// here; callers look it up through the method's origin.
		return "?"
	}
	return ""
}

// Matches reports whether the field object v is the field f describes.
// The owning struct type is found by the caller; see FieldOwner.
func (f Field) Matches(owner *types.Named, v *types.Var) bool {
	return owner != nil && v != nil && v.Name() == f.Name &&
		owner.Obj().Name() == f.Type && owner.Obj().Pkg() != nil && owner.Obj().Pkg().Path() == f.Pkg
}
