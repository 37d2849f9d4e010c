package engine

import (
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestPlaced: a finding at a call without a position (a method value's
// synthetic wrapper) moves to its first related location after the
// acquisition, which leaves the related list; a finding with a position,
// or with no related location in the source, stays where it is.
func TestPlaced(t *testing.T) {
	f := Finding{Message: "m", Related: []analysis.RelatedInformation{
		{Pos: 10, Message: "client-go leader election acquired here"},
		{Pos: token.NoPos, Message: "called here, in startLeading$bound"},
		{Pos: 20, Message: "called here, in startLeading"},
		{Pos: 30, Message: "the write happens here, in patch"},
	}}
	var fs findings
	fs.add(f)
	got := fs[0]
	if got.Pos != 20 || got.Key != 20 || len(got.Related) != 3 || got.Related[2].Pos != 30 {
		t.Errorf("placed = pos %d key %d related %v, want pos 20 key 20 and the other three", got.Pos, got.Key, got.Related)
	}
	if len(f.Related) != 4 || f.Related[2].Pos != 20 {
		t.Errorf("placed changed the caller's related list: %v", f.Related)
	}
	fs = nil
	fs.add(Finding{Pos: 5, Related: f.Related})
	if fs[0].Pos != 5 || len(fs[0].Related) != 4 {
		t.Errorf("a finding with a position moved: %v", fs[0])
	}
	fs = nil
	fs.add(Finding{Related: f.Related[:1]})
	if fs[0].Pos.IsValid() {
		t.Errorf("a finding with only the acquisition moved: %v", fs[0])
	}
}
