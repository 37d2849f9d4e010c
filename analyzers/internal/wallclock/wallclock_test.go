package wallclock

import (
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
)

// check runs FC4001 on src and returns its findings by line: package p
// importing the standard library only, or, with stubs, package
// example.com/p importing the repository's library stubs under those
// directories of testdata/src.
func check(t *testing.T, src string, stubs ...string) map[int]string {
	t.Helper()
	var u *unit.Unit
	if len(stubs) == 0 {
		u = testunit.Build(t, src)
	} else {
		u = testunit.BuildStubbed(t, "example.com/p", src, stubs...)
	}
	e := testunit.WithEngine(u, false)
	Check(u)
	got := map[int]string{}
	for _, f := range e.Found {
		if f.Code != checks.WallClockTTL {
			t.Errorf("finding %s, want only FC4001: %s", f.Code, f.Message)
		}
		got[u.Pass.Fset.Position(f.Pos).Line] = f.Message
	}
	return got
}

// wants returns the lines of src marked "// want: <text>", with the text
// the message must contain.
func wants(src string) map[int]string {
	out := map[int]string{}
	for i, line := range strings.Split(src, "\n") {
		if _, text, ok := strings.Cut(line, "// want: "); ok {
			out[i+1] = text
		}
	}
	return out
}

// expect checks that FC4001 reports exactly the lines of src marked
// "// want: ", with messages containing the marked text.
func expect(t *testing.T, src string, stubs ...string) {
	t.Helper()
	got, want := check(t, src, stubs...), wants(src)
	for line, msg := range got {
		if want[line] == "" {
			t.Errorf("unexpected FC4001 at line %d: %s", line, msg)
		} else if !strings.Contains(msg, want[line]) {
			t.Errorf("FC4001 at line %d = %q, want it to contain %q", line, msg, want[line])
		}
	}
	for line, text := range want {
		if got[line] == "" {
			t.Errorf("no FC4001 at line %d (want %q)", line, text)
		}
	}
}
