package directive

import (
	"github.com/fencecheck/fencecheck/internal/checks"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestParseComment(t *testing.T) {
	tests := []struct {
		text    string
		ours    bool
		kind    Kind
		checks  []string
		problem bool
	}{
		{"//lint:ignore FC1001 reason here", true, Ignore, []string{"FC1001"}, false},
		{"//lint:ignore FC1001,FC2001 reason", true, Ignore, []string{"FC1001", "FC2001"}, false},
		{"//lint:ignore FC1001", true, Ignore, []string{"FC1001"}, true},
		{"//lint:ignore FC1001 // TODO", true, Ignore, []string{"FC1001"}, true},
		{"//lint:ignore unfencedwrite why", true, Ignore, []string{"unfencedwrite"}, false},
		{"//lint:ignore FC1* why", true, Ignore, []string{"FC1*"}, false},
		{"//lint:ignore FC9999 why", true, Ignore, nil, true},
		{"//lint:ignore SA1000 why", false, 0, nil, false},
		// Naming no check suppresses nothing for any tool: reported.
		{"//lint:ignore", true, Ignore, nil, true},
		{"//lint:ignore   ", true, Ignore, nil, true},
		{"//lint:ignore // why", true, Ignore, nil, true},
		{"//lint:file-ignore", true, FileIgnore, nil, true},
		{"//nolint:", true, Nolint, nil, true},
		{"//nolint: // why", true, Nolint, nil, true},
		{"//nolint:, // why", true, Nolint, nil, true},
		{"//lint:ignored FC1001 x", false, 0, nil, false},
		{"//nolintx", false, 0, nil, false},
		{"//lint:file-ignore FC1001 generated", true, FileIgnore, []string{"FC1001"}, false},
		{"//nolint:fencecheck // append only", true, Nolint, []string{"fencecheck"}, false},
		{"//nolint:fencecheck", true, Nolint, []string{"fencecheck"}, true},
		{"//nolint:errcheck,unfencedwrite // why", true, Nolint, []string{"unfencedwrite"}, false},
		{"//nolint:errcheck // why", false, 0, nil, false},
		// As golangci-lint: a //nolint without a list, or :all, is for every
		// linter (ours where it covers a finding); leading spaces and
		// slashes do not matter; names are case-insensitive.
		{"//nolint // why", true, Nolint, []string{"fencecheck"}, false},
		{"//nolint", true, Nolint, []string{"fencecheck"}, false},
		{"//nolint:all", true, Nolint, []string{"fencecheck"}, false},
		{"//nolint because of X", true, Nolint, []string{"fencecheck"}, false},
		{"//nolint\t// why", false, 0, nil, false},
		{"// nolint:fencecheck // why", true, Nolint, []string{"fencecheck"}, false},
		{"///nolint:FenceCheck,ErrCheck // why", true, Nolint, []string{"fencecheck"}, false},
		{"//nolint:unparam // why", false, 0, nil, false},
		// An unknown name of ours, or a near miss, is reported; the
		// valid names beside it still apply.
		{"//nolint:unfencdwrite // why", true, Nolint, nil, true},
		{"//nolint:unfencdwrite,FC1010,fencecheck // r", true, Nolint, []string{"fencecheck"}, false},
		{"//lint:ignore FC1010,unfencedwrite why", true, Ignore, []string{"unfencedwrite"}, false},
		{"//nolint:fencecheck trailing words // why", true, Nolint, []string{"fencecheck"}, false},
		{"// nolint:fencecheck", true, Nolint, []string{"fencecheck"}, true},
		{"/* lint:ignore FC1001 x */", false, 0, nil, false},
	}
	for _, tt := range tests {
		d := parseComment(tt.text)
		if (d != nil) != tt.ours {
			t.Errorf("%q: ours = %v, want %v", tt.text, d != nil, tt.ours)
			continue
		}
		if d == nil {
			continue
		}
		if d.Kind != tt.kind || len(d.Checks) != len(tt.checks) || (d.Problem != "") != tt.problem {
			t.Errorf("%q: got kind %v checks %v problem %q", tt.text, d.Kind, d.Checks, d.Problem)
		}
		for i := range tt.checks {
			if i < len(d.Checks) && d.Checks[i] != tt.checks[i] {
				t.Errorf("%q: check %d = %q, want %q", tt.text, i, d.Checks[i], tt.checks[i])
			}
		}
	}
}

// The message for unknown names lists them all, with a suggestion for a
// near miss; an all-linter //nolint is marked so and applies only with a
// reason.
func TestUnknownNamesAndAll(t *testing.T) {
	d := parseComment("//nolint:unfencdwrite,FC1010,fencecheck // r")
	want := `unknown fencecheck checks "unfencdwrite" (did you mean unfencedwrite?) and "fc1010" in suppression comment; valid names are codes such as FC1001, analyzer names such as unfencedwrite, or "fencecheck"; the other names (fencecheck) still apply`
	if d == nil || d.Note != want || d.Problem != "" {
		t.Errorf("got %+v\nwant note %q", d, want)
	}
	for text, applies := range map[string]bool{"//nolint": false, "//nolint:all": false, "//nolint // generated": true, "//nolint:all // generated": true} {
		if d := parseComment(text); d == nil || !d.All || d.Applies() != applies {
			t.Errorf("%q: got %+v, want an all-linter directive that applies = %v", text, d, applies)
		}
	}
	if d := parseComment("//nolint:fencecheck // r"); d == nil || d.All || !d.Applies() {
		t.Errorf("//nolint:fencecheck: got %+v", d)
	}
}

func TestCoverage(t *testing.T) {
	src := `package p

func f() {
	//lint:ignore FC1001 reason
	g(1,
		2)
	g(3) //nolint:fencecheck // reason
	g(4)
}

func g(...int) {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	dirs := Parse(fset, []*ast.File{f})
	if len(dirs) != 2 {
		t.Fatalf("got %d directives, want 2", len(dirs))
	}
	fc1001, _ := checks.ByCode(checks.UnfencedWrite)
	cases := []struct {
		d    int
		line int
		want bool
	}{
		{0, 4, false}, {0, 5, true}, {0, 6, true}, {0, 7, false},
		{1, 7, true}, {1, 8, false}, {1, 6, false},
	}
	for _, c := range cases {
		if got := dirs[c.d].Covers(fc1001, "p.go", c.line); got != c.want {
			t.Errorf("directive %d covers line %d = %v, want %v", c.d, c.line, got, c.want)
		}
	}
}

func FuzzParseComment(f *testing.F) {
	for _, s := range []string{"//lint:ignore FC1001 x", "//nolint:fencecheck // y", "//lint:file-ignore FC1* z", "//nolint:a,b,fencecheck",
		"//lint:ignore", "//nolint:", "//lint:ignore // why", "//nolint: // why", "//lint:ignore SA1000 x", "//nolint:errcheck"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := parseComment(s)
		if d != nil && len(d.Checks) == 0 && d.Problem == "" {
			t.Fatalf("%q: directive of ours without checks and without a problem", s)
		}
		if d != nil && d.Problem == "" && !d.All && strings.TrimSpace(d.Reason) == "" {
			t.Fatalf("%q: directive without a reason accepted", s)
		}
		// A directive that names no check is always reported.
		for _, verb := range []string{"//lint:ignore", "//lint:file-ignore"} {
			if rest, ok := strings.CutPrefix(s, verb); ok && (strings.TrimSpace(rest) == "" || strings.HasPrefix(strings.TrimSpace(rest), "//")) && (rest == "" || rest[0] == ' ') {
				if d == nil || d.Problem == "" {
					t.Fatalf("%q: names no check but is not reported", s)
				}
			}
		}
		if rest, ok := strings.CutPrefix(s, "//nolint:"); ok {
			list, _, _ := strings.Cut(rest, "//")
			if strings.Trim(list, " \t,") == "" && (d == nil || d.Problem == "") {
				t.Fatalf("%q: names no check but is not reported", s)
			}
		}
	})
}
