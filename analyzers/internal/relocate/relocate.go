// Package relocate moves findings out of generated code.
package relocate

import (
	"fmt"
	"go/token"
	"path/filepath"

	"honnef.co/go/tools/analysis/facts/generated"

	"github.com/fencecheck/fencecheck/analyzers/internal/callindex"
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Generated code (// Code generated ... DO NOT EDIT.) is analysed like any
// other code: its locks, effects and facts count. Nobody edits it, though,
// so a finding located in a generated file is moved to the first
// non-generated caller in this package, with the generated location as
// related information. When no hand-written function of the package
// reaches it, the finding stays where it is: nothing disappears silently.

// New returns the function that moves a finding out of a generated file
// of the package pass analyses, or nil when the package has no generated
// file. funcs are the package's source functions, ix their index, and
// implementations gives the functions of the package an interface call
// may dispatch to.
func New(pass *analysis.Pass, gen map[string]generated.Generator, funcs []*ssa.Function, ix *callindex.Index, implementations func(*ssa.CallCommon) []*ssa.Function) func(unit.Finding) []unit.Finding {
	isGen := func(pos token.Pos) bool {
		g, ok := gen[pass.Fset.PositionFor(pos, false).Filename]
		return ok && g != generated.Cgo
	}
	any_ := false
	for _, f := range pass.Files {
		if isGen(f.FileStart) {
			any_ = true
			break
		}
	}
	if !any_ {
		return nil
	}
	// callers: a function of this package -> the calls to it, static or
	// through an interface this package implements.
	callers := map[*ssa.Function][]ssa.CallInstruction{}
	for _, s := range ix.Sites() {
		ci := s.Call
		c := ci.Common()
		if callee := c.StaticCallee(); callee != nil {
			if o := callee.Origin(); o != nil {
				callee = o
			}
			callers[callee] = append(callers[callee], ci)
		} else if c.IsInvoke() {
			for _, impl := range implementations(c) {
				callers[impl] = append(callers[impl], ci)
			}
		}
	}
	// enclosing returns the declared function whose body holds pos.
	enclosing := func(pos token.Pos) *ssa.Function {
		var best *ssa.Function
		for _, fn := range funcs {
			syn := fn.Syntax()
			if syn == nil || pos < syn.Pos() || pos >= syn.End() {
				continue
			}
			if best == nil || syn.Pos() >= best.Syntax().Pos() {
				best = fn
			}
		}
		if best == nil {
			return nil
		}
		return calls.Outermost(best)
	}
	return func(f unit.Finding) []unit.Finding {
		if !isGen(f.Pos) {
			return []unit.Finding{f}
		}
		fn := enclosing(f.Pos)
		if fn == nil {
			return []unit.Finding{f}
		}
		// Breadth first through generated callers to the hand-written ones.
		var sites []ssa.CallInstruction
		seen := map[*ssa.Function]bool{fn: true}
		queue := []*ssa.Function{fn}
		for len(queue) > 0 {
			g := queue[0]
			queue = queue[1:]
			for _, ci := range callers[g] {
				if !isGen(ci.Pos()) {
					sites = append(sites, ci)
					continue
				}
				if up := enclosing(ci.Pos()); up != nil && !seen[up] {
					seen[up] = true
					queue = append(queue, up)
				}
			}
		}
		if len(sites) == 0 {
			return []unit.Finding{f}
		}
		p := pass.Fset.Position(f.Pos)
		out := make([]unit.Finding, 0, len(sites))
		for _, ci := range sites {
			g := f
			g.Pos, g.End = ci.Pos(), token.NoPos
			g.Message = fmt.Sprintf("%s (in generated code, %s at %s:%d, reached through this call)", f.Message, fn.Name(), filepath.Base(p.Filename), p.Line)
			g.Related = append([]analysis.RelatedInformation{{Pos: f.Pos, Message: "the finding is here, in generated code"}}, f.Related...)
			g.Fixes = nil // a fix would edit the generated file
			out = append(out, g)
		}
		return out
	}
}
