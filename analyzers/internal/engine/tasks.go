package engine

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"golang.org/x/tools/go/ssa"
)

// taskSections makes the task functions of a scheduler configured with a
// distributed lock critical sections (gocron). The scheduler and its jobs
// are often set up in different functions, so a lock option anywhere in
// the package applies to every task registered in it.
func (a *analysis_) taskSections(funcs []*ssa.Function) []*section.Section {
	var out []*section.Section
	for _, tl := range model.KB.TaskLocks {
		if !a.callsAny(funcs, tl.Options) {
			continue
		}
		for _, fn := range funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					c, ok := instr.(*ssa.Call)
					if !ok || !tl.Task.Matches(calls.Callee(&c.Call)) {
						continue
					}
					lit := calls.FuncOf(calls.Unwrap(calls.Arg(&c.Call, tl.Arg)))
					if lit != nil && a.local(lit) {
						out = append(out, section.Callback(tl.Lock, lit, c.Pos()))
					}
				}
			}
		}
	}
	return out
}

func (a *analysis_) callsAny(funcs []*ssa.Function, fs []model.Func) bool {
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(*ssa.Call); ok {
					callee := calls.Callee(&c.Call)
					if model.MatchesAny(fs, callee) {
						return true
					}
				}
			}
		}
	}
	return false
}
