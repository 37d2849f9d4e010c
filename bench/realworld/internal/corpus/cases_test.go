package corpus

import "testing"

// TestCorpus validates the committed case files and holds the corpus to
// the size it was built for: enough hazards to measure recall and enough
// look-alikes to measure precision, spread over unrelated repositories.
func TestCorpus(t *testing.T) {
	cases, err := Load("../../cases")
	if err != nil {
		t.Fatal(err)
	}
	s := Summarize(func() []Result {
		var rs []Result
		for _, c := range cases {
			rs = append(rs, Result{Case: c})
		}
		return rs
	}())
	if s.Cases < 40 || s.Repos < 25 || s.Hazards < 25 || s.Lookalikes < 15 {
		t.Errorf("corpus has %d cases (%d hazards, %d look-alikes) in %d repositories; want at least 40 (25, 15) in 25",
			s.Cases, s.Hazards, s.Lookalikes, s.Repos)
	}
}
