package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fencecheck/fencecheck/cmd/fencecheck/internal/driver"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// clock is a fake time that advances by step at each reading.
func clock(step time.Duration) func() time.Time {
	t := time.Unix(0, 0)
	return func() time.Time { t = t.Add(step); return t }
}

// runTerminal runs the command as main does, with stderr a terminal (or
// not) and the fake clock.
func runTerminal(t *testing.T, terminal bool, step time.Duration, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	c := &command{checks: testChecks([]*analysis.Analyzer{fakeWrite}), dir: "testdata/unit", stdout: &stdout, stderr: &stderr,
		terminal: func() bool { return terminal }, now: clock(step)}
	code := c.run(args)
	return code, stdout.String(), stderr.String()
}

// On a terminal, a run that goes past two seconds shows the updating line
// and clears it; on a non-terminal, or with JSON or SARIF output, nothing
// is shown; a short run shows nothing either.
func TestProgressLine(t *testing.T) {
	code, stdout, stderr := runTerminal(t, true, time.Second, "./...")
	if code != exitFindings || stdout != wantText {
		t.Errorf("exit %d, stdout:\n%s", code, stdout)
	}
	if !regexp.MustCompile(`^\rfencecheck: \d+/\d+ packages, \d+\.\ds *(\r.*)*\r +\r$`).MatchString(stderr) {
		t.Errorf("terminal, slow clock: stderr %q; want the line, redrawn, then cleared", stderr)
	}
	for _, tc := range []struct {
		terminal bool
		step     time.Duration
		args     []string
	}{
		{false, time.Second, []string{"./..."}},
		{true, time.Second, []string{"-f", "json", "./..."}},
		{true, time.Second, []string{"-f", "sarif", "./..."}},
		{true, time.Millisecond, []string{"./..."}},
	} {
		if _, _, stderr := runTerminal(t, tc.terminal, tc.step, tc.args...); stderr != "" {
			t.Errorf("terminal %v, clock step %v, %v: stderr %q, want nothing", tc.terminal, tc.step, tc.args, stderr)
		}
	}
}

// -v lists each package with its time, whatever stderr is, and leaves the
// report alone.
func TestVerbose(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		code, stdout, stderr := runTerminal(t, false, time.Millisecond, "-v", "-f", format, "./...")
		if code != exitFindings || format == "text" && stdout != wantText {
			t.Errorf("-v -f %s: exit %d, stdout:\n%s", format, code, stdout)
		}
		line := regexp.MustCompile(`^fencecheck: +\d+\.\d\ds example\.com/unit/(a \[example\.com/unit/a\.test\]|b)( \(.*\))?$`)
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		for _, l := range lines {
			if !line.MatchString(l) {
				t.Errorf("-v -f %s: line %q", format, l)
			}
		}
		if len(lines) != 2 {
			t.Errorf("-v -f %s: %d lines, want one for each of the 2 packages:\n%s", format, len(lines), stderr)
		}
	}
}

// Dependencies are listed only when analysed; the line appears at two
// seconds, is cleared before a -v line and drawn again after it.
func TestProgressEvents(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf, true, true, clock(time.Second))
	dep := &packages.Package{ID: "example.com/dep"}
	root := &packages.Package{ID: "example.com/root"}
	p.event(driver.Progress{Done: 1, Total: 3, Package: dep, Took: time.Second})
	p.event(driver.Progress{Done: 2, Total: 3, Package: dep, Analysed: true, Took: time.Second})
	p.event(driver.Progress{Done: 3, Total: 3, Package: root, Root: true, Analysed: true, Took: 1500 * time.Millisecond})
	p.clear()
	want := "fencecheck:   1.00s example.com/dep (dependency, for its facts)\n" +
		"\rfencecheck: 2/3 packages, 2.0s" +
		"\r                              \r" +
		"fencecheck:   1.50s example.com/root\n" +
		"\rfencecheck: 3/3 packages, 3.0s" +
		"\r                              \r"
	if buf.String() != want {
		t.Errorf("got  %q\nwant %q", buf.String(), want)
	}
}
