package corpus

import "testing"

func summary(cases []*Case) Summary {
	var rs []Result
	for _, c := range cases {
		rs = append(rs, Result{Case: c})
	}
	return Summarize(rs)
}

// TestCorpus validates the committed case files and holds the corpus to
// the size it was built for: enough hazards to measure recall and enough
// look-alikes to measure precision, spread over unrelated repositories.
func TestCorpus(t *testing.T) {
	cases, err := Load("../../cases")
	if err != nil {
		t.Fatal(err)
	}
	s := summary(cases)
	if s.Cases < 40 || s.Repos < 25 || s.Hazards < 25 || s.Lookalikes < 15 {
		t.Errorf("corpus has %d cases (%d hazards, %d look-alikes) in %d repositories; want at least 40 (25, 15) in 25",
			s.Cases, s.Hazards, s.Lookalikes, s.Repos)
	}
}

// TestHeldOut validates the held-out part (bench/realworld/heldout): cases
// collected before a round's analysis changes and scored at its start and
// end, never developed against. Its repositories are not in the
// development part, so that what the analysis learnt from one cannot leak
// into the other.
func TestHeldOut(t *testing.T) {
	dev, err := Load("../../cases")
	if err != nil {
		t.Fatal(err)
	}
	held, err := Load("../../heldout")
	if err != nil {
		t.Fatal(err)
	}
	s := summary(held)
	if s.Cases < 60 || s.Repos < 30 || s.Hazards < 30 || s.Lookalikes < 15 {
		t.Errorf("held-out part has %d cases (%d hazards, %d look-alikes) in %d repositories; want at least 60 (30, 15) in 30",
			s.Cases, s.Hazards, s.Lookalikes, s.Repos)
	}
	devRepos := map[string]bool{}
	ids := map[string]bool{}
	for _, c := range dev {
		devRepos[c.Repo] = true
		ids[c.ID] = true
	}
	for _, c := range held {
		if devRepos[c.Repo] {
			t.Errorf("held-out case %s is in %s, a repository of the development part", c.ID, c.Repo)
		}
		if ids[c.ID] {
			t.Errorf("held-out case %s has the id of a development case", c.ID)
		}
	}
}
