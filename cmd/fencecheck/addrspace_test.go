package main

import (
	"runtime"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers"
)

func fixedSpace(limit, reserved uint64) addressSpace {
	return func() (uint64, uint64, bool) { return limit, reserved, true }
}

// Under a ulimit -v, the soft memory limit's ceiling is what the limit leaves
// beyond the runtime's reservations, an arena and the threads' stacks; a
// tight one is said before the run, which may end in a fatal error.
func TestMemoryCapFromAddressSpace(t *testing.T) {
	spare := uint64(arenaBytes + threadStack*runtime.GOMAXPROCS(0))
	for _, tc := range []struct {
		name    string
		as      addressSpace
		cap     uint64
		warning bool
	}{
		{"none", nil, 0, false},
		{"unreadable", func() (uint64, uint64, bool) { return 0, 0, false }, 0, false},
		{"loose", fixedSpace(8<<30, 1200<<20), 8<<30 - 1200<<20 - spare, false},
		{"tight", fixedSpace(1200<<20+spare+200<<20, 1200<<20), 200 << 20, true},
		{"nothing left", fixedSpace(1300<<20, 1200<<20), minCap, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, warning := memoryCap(tc.as)
			if got != tc.cap || (warning != "") != tc.warning {
				t.Errorf("memoryCap = %d, %q; want %d, a warning: %v", got, warning, tc.cap, tc.warning)
			}
			if tc.warning && !strings.Contains(warning, "ulimit -v") {
				t.Errorf("warning %q does not name ulimit -v", warning)
			}
		})
	}
}

// The warning comes first on standard error, before the analysis (a run
// that exhausts the address space prints nothing after it), and does not
// change the exit status.
func TestAddressSpaceWarning(t *testing.T) {
	var stdout, stderr strings.Builder
	c := &command{checks: testChecks(analyzers.All), dir: "testdata/unit", stdout: &stdout, stderr: &stderr,
		addressSpace: fixedSpace(1300<<20, 1200<<20)}
	code := c.run([]string{"-f", "json", "./..."})
	wantCode, wantStdout, _ := runCmd(t, analyzers.All, "testdata/unit", "-f", "json", "./...")
	first, _, _ := strings.Cut(stderr.String(), "\n")
	if !strings.HasPrefix(first, "fencecheck: warning: the address-space limit (ulimit -v) of 1300 MiB") {
		t.Errorf("stderr starts %q; want the address-space warning", first)
	}
	if c.memCap != minCap {
		t.Errorf("memory cap %d, want %d", c.memCap, minCap)
	}
	if code != wantCode || stdout.String() != wantStdout {
		t.Errorf("exit %d, findings %q; without a limit %d, %q", code, stdout.String(), wantCode, wantStdout)
	}
}
