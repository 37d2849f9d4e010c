package engine

import (
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
)

// Finding is unit.Finding: the checks the engine runs report it too, and
// they do not import the engine.
type Finding = unit.Finding

// Result is what the engine hands to the check analyzers: the findings of
// one package after suppression and de-duplication, in source order.
type Result struct {
	Findings []Finding
}

// findings collects the findings of one package. add is the one way a
// finding enters the result; which of several findings about one problem
// stands is decided once, by finish.
type findings []Finding

func (fs *findings) add(f Finding) {
	if !f.Pos.IsValid() {
		f = placed(f)
	}
	if !f.Key.IsValid() {
		f.Key = f.Pos
	}
	*fs = append(*fs, f)
}

// placed gives a finding reported at a call that has no position (the call
// in the synthetic wrapper of a method value handed to a library as a
// callback: OnStartedLeading: e.startLeading) the position of its first
// related location in the source after the acquisition: the first call
// on the path down to the problem, which a reader can find and suppress.
func placed(f Finding) Finding {
	for i, r := range f.Related {
		if !r.Pos.IsValid() || strings.HasSuffix(r.Message, "acquired here") {
			continue
		}
		f.Pos, f.End = r.Pos, r.End
		f.Related = append(slices.Clone(f.Related[:i]), f.Related[i+1:]...)
		return f
	}
	return f
}
