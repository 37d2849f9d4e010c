package engine

import "github.com/fencecheck/fencecheck/analyzers/internal/unit"

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
	if !f.Key.IsValid() {
		f.Key = f.Pos
	}
	*fs = append(*fs, f)
}
