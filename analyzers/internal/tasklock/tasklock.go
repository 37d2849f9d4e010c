// Package tasklock finds the critical sections of schedulers configured
// with a distributed lock (gocron's WithDistributedLocker): each task
// function registered with such a scheduler runs holding the lock.
package tasklock

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"golang.org/x/tools/go/ssa"
)

// Sections makes the task functions of a scheduler configured with a
// distributed lock critical sections (gocron). The scheduler and its jobs
// are often set up in different functions, so a lock option anywhere in
// the package applies to every task registered in it.
func Sections(pkg *ssa.Package, funcs []*ssa.Function) []*section.Section {
	var out []*section.Section
	for _, tl := range model.KB.TaskLocks {
		if !callsAny(funcs, tl.Options) {
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
					if lit != nil && calls.LocalOrInstance(lit, pkg) {
						out = append(out, section.Callback(tl.Lock, lit, c.Pos()))
					}
				}
			}
		}
	}
	return out
}

// callsAny reports whether a function of funcs calls one of fs.
func callsAny(funcs []*ssa.Function, fs []model.Func) bool {
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
