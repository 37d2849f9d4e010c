package checks

import (
	"regexp"
	"testing"
)

func TestCatalog(t *testing.T) {
	if len(Catalog) != int(numCodes)-1 {
		t.Fatalf("%d catalog entries for %d codes", len(Catalog), numCodes-1)
	}
	code := regexp.MustCompile(`^FC\d{4}$`)
	names := map[string]bool{}
	for i, c := range Catalog {
		if c.Code != Code(i+1) {
			t.Errorf("entry %d is %v: the catalog is indexed by code", i, c.Code)
		}
		if !code.MatchString(c.Code.String()) {
			t.Errorf("code %q is not FCnnnn", c.Code)
		}
		if i > 0 && Catalog[i-1].Code.String() >= c.Code.String() {
			t.Errorf("catalog not in code order: %v before %v", Catalog[i-1].Code, c.Code)
		}
		if names[c.Name] || c.Name == SuiteName {
			t.Errorf("name %q used twice", c.Name)
		}
		names[c.Name] = true
		for _, s := range []string{c.Code.String(), c.Name} {
			if got, ok := Parse(s); !ok || got.Code != c.Code {
				t.Errorf("Parse(%q) = %v, %v", s, got.Code, ok)
			}
		}
	}
	if _, ok := Parse("fc1001"); !ok {
		t.Error("Parse is case-insensitive for codes")
	}
	if _, ok := Parse("FC9999"); ok {
		t.Error("Parse(FC9999) found a check")
	}
	if got := Code(0).String(); got != "Code(0)" {
		t.Errorf("Code(0) = %q", got)
	}
}

// Precedence is a strict partial order (irreflexive and transitive), and
// Rank sorts a finding before every one it supersedes.
func TestPrecedence(t *testing.T) {
	for _, a := range Catalog {
		if Supersedes(a.Code, a.Code) {
			t.Errorf("%v supersedes itself", a.Code)
		}
		for _, b := range Catalog {
			if !Supersedes(a.Code, b.Code) {
				continue
			}
			if Rank(a.Code) >= Rank(b.Code) {
				t.Errorf("%v supersedes %v but ranks %d >= %d", a.Code, b.Code, Rank(a.Code), Rank(b.Code))
			}
			for _, c := range Catalog {
				if Supersedes(b.Code, c.Code) && !Supersedes(a.Code, c.Code) {
					t.Errorf("%v supersedes %v, which supersedes %v, but %v does not supersede %v", a.Code, b.Code, c.Code, a.Code, c.Code)
				}
			}
		}
		for _, b := range a.Explains {
			if !Supersedes(a.Code, b) {
				t.Errorf("%v explains %v without superseding it", a.Code, b)
			}
		}
	}
}
