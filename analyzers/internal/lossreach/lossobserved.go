package lossreach

import (
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"golang.org/x/tools/go/ssa"
)

// Observed reports whether the loss a dropped session renewal would
// report reaches the work by another route: a lock's lost channel
// (model.KB.LostChannels: Consul's Lock) taken in the same function (or a
// function literal of it, among funcs) and read there. Such a channel is closed when
// the session the lock holds is invalidated, which is what the renewal's
// error would have said; the lock may have a session of its own, so
// staying silent is the precise choice, not a proof.
func Observed(funcs []*ssa.Function, fn *ssa.Function) bool {
	outer := calls.Outermost(fn)
	for _, g := range funcs {
		if calls.Outermost(g) != outer {
			continue
		}
		for ci := range calls.In(g) {
			call, ok := ci.(*ssa.Call)
			if !ok || !model.MatchesAny(model.KB.LostChannels, calls.Callee(&call.Call)) {
				continue
			}
			if lost := calls.Result(call, 0); lost != nil && Read(lost, 0) {
				return true
			}
		}
	}
	return false
}
