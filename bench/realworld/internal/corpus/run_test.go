package corpus

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeFencecheck is a stand-in for the binary: it prints $FAKE_OUT and
// $FAKE_ERR, sleeps $FAKE_SLEEP seconds and exits with $FAKE_EXIT.
const fakeFencecheck = `#!/bin/sh
printf '%s' "$FAKE_OUT"
printf '%s' "$FAKE_ERR" >&2
sleep "${FAKE_SLEEP:-0}"
exit "${FAKE_EXIT:-0}"
`

// snapshot lays out a repository owner+name with a module in sub/: package
// pkg imports broken, package ok imports nothing.
func snapshot(t *testing.T) (snapshots, bin string) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	snapshots = t.TempDir()
	root := filepath.Join(snapshots, "owner+name")
	files := map[string]string{
		".commit":           strings.Repeat("a", 40) + "\n",
		"sub/go.mod":        "module example.com/m\n\ngo 1.22\n",
		"sub/pkg/a.go":      "package pkg\n\nimport _ \"example.com/m/broken\"\n",
		"sub/broken/b.go":   "package broken\n",
		"sub/ok/ok.go":      "package ok\n",
		"sub/ok/ok_test.go": "package ok\n",
	}
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin = filepath.Join(t.TempDir(), "fencecheck")
	if err := os.WriteFile(bin, []byte(fakeFencecheck), 0o755); err != nil {
		t.Fatal(err)
	}
	return snapshots, bin
}

func module(t *testing.T, commit string, files ...string) Module {
	t.Helper()
	m := Module{Repo: "owner/name", Commit: commit, Dir: "sub"}
	for _, f := range files {
		c := validCase()
		c.ID, c.Repo, c.Commit, c.Module, c.File = strings.ReplaceAll(strings.TrimSuffix(f, ".go"), "/", "-"), m.Repo, commit, "sub", f
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		m.Cases = append(m.Cases, c)
	}
	return m
}

func TestRun(t *testing.T) {
	snapshots, bin := snapshot(t)
	pin := strings.Repeat("a", 40)
	finding := `{"code":"FC5001","message":"m","location":{"file":"pkg/a.go","line":11,"column":2}}` + "\n"
	for _, tc := range []struct {
		name      string
		snapshots string
		commit    string
		env       []string
		timeout   time.Duration
		files     []string
		findings  int
		notScored map[string]string // case id -> part of the reason
	}{{
		name: "findings", env: []string{"FAKE_OUT=" + finding, "FAKE_EXIT=1"},
		files: []string{"sub/pkg/a.go"}, findings: 1,
	}, {
		name: "no snapshot", snapshots: t.TempDir(),
		files: []string{"sub/pkg/a.go"}, notScored: map[string]string{"sub-pkg-a": "no snapshot"},
	}, {
		name: "other commit", commit: strings.Repeat("b", 40),
		files: []string{"sub/pkg/a.go"}, notScored: map[string]string{"sub-pkg-a": "pinned to bbbb"},
	}, {
		name: "file missing", files: []string{"sub/pkg/gone.go", "sub/ok/ok.go"},
		notScored: map[string]string{"sub-pkg-gone": "not in the snapshot"},
	}, {
		name: "broken dependency", env: []string{"FAKE_OUT=" + finding, "FAKE_EXIT=2",
			"FAKE_ERR=fencecheck: example.com/m/broken: broken/b.go:1:1: undefined: x\n"},
		files: []string{"sub/pkg/a.go", "sub/ok/ok.go"}, findings: 1,
		notScored: map[string]string{"sub-pkg-a": "package did not load: example.com/m/broken: broken/b.go:1:1: undefined: x"},
	}, {
		name: "broken test variant", env: []string{"FAKE_EXIT=2",
			"FAKE_ERR=fencecheck: example.com/m/ok: ok/ok_test.go:1:1: undefined: y\n"},
		files:     []string{"sub/pkg/a.go", "sub/ok/ok.go"},
		notScored: map[string]string{"sub-ok-ok": "package did not load"},
	}, {
		name: "missing embedded file", env: []string{"FAKE_OUT=" + finding, "FAKE_EXIT=2",
			"FAKE_ERR=fencecheck: example.com/m/broken: broken/b.go:3:12: pattern key.pem: no matching files found\n"},
		files: []string{"sub/pkg/a.go"}, findings: 1,
	}, {
		name: "go list failed", env: []string{"FAKE_EXIT=2", "FAKE_ERR=fencecheck: go: go.mod requires go >= 9.99\n"},
		files: []string{"sub/ok/ok.go"},
	}, {
		name: "crash", env: []string{"FAKE_EXIT=3", "FAKE_ERR=panic: boom\n"},
		files: []string{"sub/pkg/a.go"}, notScored: map[string]string{"sub-pkg-a": "crashed (exit status 3): panic: boom"},
	}, {
		name: "timeout", env: []string{"FAKE_SLEEP=5"}, timeout: 100 * time.Millisecond,
		files: []string{"sub/pkg/a.go"}, notScored: map[string]string{"sub-pkg-a": "did not finish"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Runner{Fencecheck: bin, Snapshots: snapshots, Env: tc.env, Timeout: tc.timeout}
			if tc.snapshots != "" {
				r.Snapshots = tc.snapshots
			}
			commit := pin
			if tc.commit != "" {
				commit = tc.commit
			}
			mr := r.Run(context.Background(), module(t, commit, tc.files...))
			if len(mr.Findings) != tc.findings {
				t.Errorf("findings = %v, want %d", mr.Findings, tc.findings)
			}
			for _, f := range mr.Findings {
				if f.File != "sub/pkg/a.go" || f.Repo != "owner/name" || f.Line != 11 {
					t.Errorf("finding %v: want sub/pkg/a.go:11 in owner/name (relative to the repository root)", f)
				}
			}
			if len(mr.NotScored) != len(tc.notScored) {
				t.Errorf("not scored = %v, want %v", mr.NotScored, tc.notScored)
			}
			for id, want := range tc.notScored {
				if got, ok := mr.NotScored[id]; !ok || !strings.Contains(got, want) {
					t.Errorf("case %s: not scored %q, want a reason containing %q", id, got, want)
				}
			}
		})
	}
}

// The "go list failed" case above is scored: fencecheck's error names no
// package of the case, and go list still lists its dependencies. When go
// list fails too, the case is not scored.
func TestRunGoListFails(t *testing.T) {
	snapshots, bin := snapshot(t)
	gomod := filepath.Join(snapshots, "owner+name", "sub", "go.mod")
	if err := os.WriteFile(gomod, []byte("module example.com/m\n\ngo 9.99\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &Runner{Fencecheck: bin, Snapshots: snapshots, Env: []string{"FAKE_EXIT=2", "FAKE_ERR=fencecheck: go: go.mod requires go >= 9.99\n"}}
	mr := r.Run(context.Background(), module(t, strings.Repeat("a", 40), "sub/ok/ok.go"))
	if got := mr.NotScored["sub-ok-ok"]; !strings.Contains(got, "go list failed") {
		t.Errorf("not scored = %v, want the case not scored because go list failed", mr.NotScored)
	}
}

func TestModules(t *testing.T) {
	a, b, c := validCase(), validCase(), validCase()
	b.ID, b.Module, b.File = "b", "svc", "svc/x.go"
	c.ID, c.Repo = "c", "acme/other"
	ms := Modules([]*Case{a, b, c})
	var got []string
	for _, m := range ms {
		got = append(got, m.Repo+"/"+m.Dir)
	}
	if want := "acme/jobs/. acme/jobs/svc acme/other/."; strings.Join(got, " ") != want {
		t.Errorf("Modules = %v, want %s", got, want)
	}
}

// A repository's own go.work applies, and then -mod=mod, which workspace
// mode rejects, is not set.
func TestRunWorkspace(t *testing.T) {
	snapshots, bin := snapshot(t)
	root := filepath.Join(snapshots, "owner+name")
	if err := os.WriteFile(filepath.Join(root, "go.work"), []byte("go 1.22\n\nuse ./sub\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &Runner{Fencecheck: bin, Snapshots: snapshots, Env: []string{"FAKE_EXIT=2",
		"FAKE_ERR=fencecheck: example.com/m/broken: broken/b.go:1:1: undefined: x\n"}}
	mr := r.Run(context.Background(), module(t, strings.Repeat("a", 40), "sub/pkg/a.go", "sub/ok/ok.go"))
	if got := mr.NotScored["sub-pkg-a"]; !strings.Contains(got, "package did not load") {
		t.Errorf("not scored = %v: want sub-pkg-a not scored because its dependency did not load (go list must work in the workspace)", mr.NotScored)
	}
	if _, ok := mr.NotScored["sub-ok-ok"]; ok {
		t.Errorf("not scored = %v: want sub-ok-ok scored", mr.NotScored)
	}
}
