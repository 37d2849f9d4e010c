package prefilter

import (
	"slices"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/config"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
)

func TestNames(t *testing.T) {
	for src, want := range map[string]bool{
		"package p\n\nfunc startHeartbeat() {}\n":                    true,
		"package p\n\ntype L struct{}\n\nfunc (L) renewLease() {}\n": true,
		"package p\n\nfunc work() {}\n":                              false,
	} {
		u := testunit.Build(t, src)
		if got := NamesRenewal(u.Pass); got != want {
			t.Errorf("NamesRenewal(%q) = %v, want %v", src, got, want)
		}
	}
	u := testunit.Build(t, "package p\n\ntype backend struct{}\n\nfunc (backend) SetNX(key string) bool { return true }\n")
	if !MirrorsLock(u.Pass) {
		t.Errorf("MirrorsLock: a method named SetNX mirrors a lock's acquisition")
	}
	if got := MirrorMarkers("example.com/app"); !slices.Contains(got, "SetNX(") {
		t.Errorf("MirrorMarkers(app) = %v, want SetNX(", got)
	}
	if got := MirrorMarkers("github.com/redis/go-redis/v9"); got != nil {
		t.Errorf("MirrorMarkers(go-redis) = %v, want none: a library's own SetNX", got)
	}
}

func TestMayExportFacts(t *testing.T) {
	src := config.NewSource("")
	dir := t.TempDir()
	never := func() bool { return false }
	for _, c := range []struct {
		name      string
		imports   []string
		depFacts  bool
		annotated bool
		want      bool
	}{
		{"an API import", []string{"fmt", "database/sql"}, false, false, true},
		{"a dependency's facts", []string{"fmt"}, true, false, true},
		{"an annotation", []string{"fmt"}, false, true, true},
		{"nothing", []string{"fmt"}, false, false, false},
	} {
		annotated := never
		if c.annotated {
			annotated = func() bool { return true }
		}
		if got := MayExportFacts(dir, src, c.imports, c.depFacts, annotated); got != c.want {
			t.Errorf("MayExportFacts(%s) = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestAsksLease(t *testing.T) {
	for src, want := range map[string]bool{
		// A func field set elsewhere from an elector's method value.
		"package p\n\ntype w struct{ isLeader func() bool }\n\nfunc (x w) run() { if x.isLeader() {} }\n": true,
		// A parameter.
		"package p\n\nfunc run(amLeader func() bool) { if amLeader() {} }\n": true,
		// A method of an interface.
		"package p\n\ntype e interface{ IsLeader() bool }\n\nfunc run(x e) { _ = x.IsLeader() }\n": true,
		// Not a bool answer, or not a lease question.
		"package p\n\nfunc run(isLeader func() string, ready func() bool) { _, _ = isLeader(), ready() }\n": false,
	} {
		u := testunit.Build(t, src)
		if got := AsksLease(u.Pass); got != want {
			t.Errorf("AsksLease(%q) = %v, want %v", src, got, want)
		}
	}
}
