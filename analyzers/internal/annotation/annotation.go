// Package annotation parses //fencecheck: annotations, which tell the
// engine about code it cannot infer: a custom lock API, a fencing token, an
// effect, a lease check.
//
// Annotations go in the doc comment of a function or method:
//
//	//fencecheck:lock success=err        acquires; success when the last (error) result is nil
//	//fencecheck:lock success=bool       acquires; success when the first (bool) result is true
//	//fencecheck:release                 releases any lock annotated in this package
//	//fencecheck:fence                   the result is a fencing token
//	//fencecheck:sink carried_by=2       a protected effect; parameter 2 (receiver = 0) carries the token
//	//fencecheck:check                   a lease-validity query (check-then-act, FC2001)
//
// and in the doc or line comment of a struct field: //fencecheck:fence.
package annotation

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/model"
)

// Kind is what an annotation says.
type Kind string

const (
	Lock    Kind = "lock"
	Release Kind = "release"
	Fence   Kind = "fence"
	Sink    Kind = "sink"
	Check   Kind = "check"
)

// Func is the annotation of one function.
type Func struct {
	Kind      Kind
	Bool      bool  // lock: success=bool
	CarriedBy []int // sink: parameters carrying the token
	Pos       token.Pos
	// Lock and Sink are the annotation compiled into the knowledge base's
	// types (for Kind Lock and Sink): the same entries as in Set.Library.
	Lock *model.Lock
	Sink *model.Sink
}

// Problem is a malformed annotation.
type Problem struct {
	Pos     token.Pos
	End     token.Pos
	Message string
}

// Set holds the annotations of one package.
type Set struct {
	Funcs    map[*types.Func]*Func
	Fields   map[*types.Var]bool
	Problems []Problem
	// Library is what the annotated functions say, compiled into the
	// knowledge base's types: a lock per //fencecheck:lock, released by
	// every //fencecheck:release of the package, a sink per
	// //fencecheck:sink, the fences and the lease checks. (Annotated fields
	// are known by object, in Fields.) A Lock's Result may be
	// model.LastResult.
	Library model.Library
}

// Prefix starts every annotation comment.
const Prefix = "//fencecheck:"

// Parse collects the annotations of files.
func Parse(files []*ast.File, info *types.Info) *Set {
	s := &Set{Funcs: map[*types.Func]*Func{}, Fields: map[*types.Var]bool{}}
	placed := map[*ast.Comment]bool{} // the annotations in a place they apply
	comments := func(cg *ast.CommentGroup) []*ast.Comment {
		cs := comments(cg)
		for _, c := range cs {
			placed[c] = true
		}
		return cs
	}
	for _, f := range files {
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				fn, _ := info.Defs[d.Name].(*types.Func)
				for _, c := range comments(d.Doc) {
					a, err := parseFunc(c.Text)
					if err != nil {
						s.Problems = append(s.Problems, Problem{c.Slash, c.End(), err.Error()})
						continue
					}
					if fn != nil {
						a.Pos = c.Slash
						s.Funcs[fn] = a
					}
				}
			case *ast.GenDecl:
				ast.Inspect(d, func(n ast.Node) bool {
					field, ok := n.(*ast.Field)
					if !ok {
						return true
					}
					if _, isMethod := field.Type.(*ast.FuncType); isMethod {
						// An interface method: annotated like a function.
						for _, c := range comments(field.Doc) {
							a, err := parseFunc(c.Text)
							if err != nil {
								s.Problems = append(s.Problems, Problem{c.Slash, c.End(), err.Error()})
								continue
							}
							for _, name := range field.Names {
								if fn, ok := info.Defs[name].(*types.Func); ok {
									a.Pos = c.Slash
									s.Funcs[fn] = a
								}
							}
						}
						return true
					}
					for _, cg := range []*ast.CommentGroup{field.Doc, field.Comment} {
						for _, c := range comments(cg) {
							if verb := strings.Fields(strings.TrimPrefix(c.Text, Prefix)); len(verb) != 1 || verb[0] != string(Fence) {
								s.Problems = append(s.Problems, Problem{c.Slash, c.End(), fmt.Sprintf("malformed annotation %q on a struct field: only //fencecheck:fence applies to fields", c.Text)})
								continue
							}
							for _, name := range field.Names {
								if v, ok := info.Defs[name].(*types.Var); ok {
									s.Fields[v] = true
								}
							}
						}
					}
					return true
				})
			}
		}
	}
	// Anywhere else (in a function body, on a type or a variable, floating
	// in the file) an annotation means nothing, and silence would let its
	// author believe it does.
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.HasPrefix(c.Text, Prefix) && !placed[c] {
					s.Problems = append(s.Problems, Problem{c.Slash, c.End(), misplaced(c.Text)})
				}
			}
		}
	}
	s.compile()
	return s
}

// misplaced is the message for an annotation where none applies.
func misplaced(text string) string {
	verb, _, _ := strings.Cut(text, " ")
	where := "fencecheck annotations apply only in the doc comment of a function or an interface method (and //fencecheck:fence on a struct field)"
	if _, err := parseFunc(verb); err != nil {
		return fmt.Sprintf("unknown annotation %s, and in a place where none applies: %s; to suppress a finding, write //lint:ignore FC1001 reason or //nolint:fencecheck // reason", verb, where)
	}
	return fmt.Sprintf("annotation %s has no effect here: %s", verb, where)
}

// CustomEffect is the family of annotated sinks, in messages.
const CustomEffect = "custom effect"

// compile fills s.Library and each annotation's Lock and Sink.
func (s *Set) compile() {
	fns := make([]*types.Func, 0, len(s.Funcs))
	for fn := range s.Funcs {
		fns = append(fns, fn)
	}
	slices.SortFunc(fns, func(x, y *types.Func) int { return cmp.Compare(x.Pos(), y.Pos()) })
	var release []model.Func
	for _, fn := range fns {
		if s.Funcs[fn].Kind == Release {
			release = append(release, funcOf(fn))
		}
	}
	slices.SortFunc(release, func(x, y model.Func) int { return strings.Compare(x.Pkg+x.Recv+x.Name, y.Pkg+y.Recv+y.Name) })
	for _, fn := range fns {
		a := s.Funcs[fn]
		switch a.Kind {
		case Lock:
			a.Lock = &model.Lock{Lib: "lock " + fn.Name(), Acquire: []model.Func{funcOf(fn)}, Success: model.ErrNil, Result: model.LastResult,
				Release: release,
				Fence:   model.Fence{None: "pass this lock's fencing token (a value declared with //fencecheck:fence) to the write and compare it there, or take one from the protected store"}}
			if a.Bool {
				a.Lock.Success, a.Lock.Result = model.BoolTrue, 0
			}
			s.Library.Locks = append(s.Library.Locks, a.Lock)
		case Sink:
			a.Sink = &model.Sink{Family: CustomEffect, Cond: model.CondRequest, Key: -1, Funcs: []model.Func{funcOf(fn)}, CarriedBy: a.CarriedBy}
			s.Library.Sinks = append(s.Library.Sinks, a.Sink)
		case Fence:
			s.Library.Fences = append(s.Library.Fences, funcOf(fn))
		case Check:
			s.Library.Validity = append(s.Library.Validity, funcOf(fn))
		}
	}
}

func funcOf(fn *types.Func) model.Func {
	pkg := ""
	if fn.Pkg() != nil {
		pkg = fn.Pkg().Path()
	}
	return model.Func{Pkg: pkg, Recv: model.RecvName(fn), Name: fn.Name()}
}

func comments(cg *ast.CommentGroup) []*ast.Comment {
	if cg == nil {
		return nil
	}
	var out []*ast.Comment
	for _, c := range cg.List {
		if strings.HasPrefix(c.Text, Prefix) {
			out = append(out, c)
		}
	}
	return out
}

func parseFunc(text string) (*Func, error) {
	fields := strings.Fields(strings.TrimPrefix(text, Prefix))
	if len(fields) == 0 {
		return nil, fmt.Errorf("empty annotation %q; want //fencecheck:lock, release, fence, sink or check", text)
	}
	a := &Func{Kind: Kind(fields[0])}
	switch a.Kind {
	case Lock, Release, Fence, Sink, Check:
	default:
		return nil, fmt.Errorf("unknown annotation %q; want //fencecheck:lock, release, fence, sink or check", text)
	}
	for _, opt := range fields[1:] {
		key, val, ok := strings.Cut(opt, "=")
		switch {
		case ok && a.Kind == Lock && key == "success" && (val == "err" || val == "bool"):
			a.Bool = val == "bool"
		case ok && a.Kind == Sink && key == "carried_by":
			for _, p := range strings.Split(val, ",") {
				n, err := strconv.Atoi(p)
				if err != nil || n < 0 {
					return nil, fmt.Errorf("malformed annotation %q: carried_by wants parameter indexes like carried_by=1,2", text)
				}
				a.CarriedBy = append(a.CarriedBy, n)
			}
		default:
			return nil, fmt.Errorf("malformed annotation %q: unknown option %q for //fencecheck:%s", text, opt, a.Kind)
		}
	}
	return a, nil
}
