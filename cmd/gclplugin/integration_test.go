package gclplugin_test

// The golangci-lint integration test builds a real custom golangci-lint with
// the plugin from this checkout (`golangci-lint custom`) and runs it on the
// module testdata/golangci/mod with the configurations in
// testdata/golangci/configs. It takes minutes, so it is opt-in:
//
//	FENCECHECK_INTEGRATION=1 go test -v -run GolangciLint ./cmd/gclplugin/
//
// It needs go and git, and the Go module proxy; it does not need GitHub:
// `golangci-lint custom` git-clones golangci-lint from GitHub, and the test
// redirects that clone to a local repository made from the module proxy's
// copy of the same version (see localRepo).
//
// The stock golangci-lint used to run `custom` is cached across runs under
// $XDG_CACHE_HOME/fencecheck-it (os.UserCacheDir); delete the directory to
// measure a cold run.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

const (
	gclVersion = "v2.15.0"
	gclModule  = "github.com/golangci/golangci-lint/v2"
	// gclCloneURL is what `golangci-lint custom` clones
	// (pkg/commands/internal/builder.go, Builder.clone, in v2.15.0):
	//	git clone --branch <version> --single-branch --depth 1 https://github.com/golangci/golangci-lint.git
	gclCloneURL = "https://github.com/golangci/golangci-lint.git"

	pluginModule = "github.com/fencecheck/fencecheck"
	pluginImport = "github.com/fencecheck/fencecheck/cmd/gclplugin"
)

// childCPU is the CPU time (user+system) of the commands the test ran,
// their own children included. Unlike wall time it hardly depends on how
// busy the machine is, so the log shows both.
var childCPU time.Duration

func countCPU(ps *os.ProcessState) {
	if ps != nil {
		childCPU += ps.UserTime() + ps.SystemTime()
	}
}

// stopwatch records the wall time of each step, logs it as it happens and
// prints a summary at the end.
type stopwatch struct {
	t     *testing.T
	steps []string
}

func (s *stopwatch) time(step string, f func()) {
	start, cpu := time.Now(), childCPU
	f()
	line := fmt.Sprintf("%-40s %8v wall %8v CPU", step,
		time.Since(start).Round(100*time.Millisecond), (childCPU - cpu).Round(100*time.Millisecond))
	s.t.Logf("step %s", line)
	s.steps = append(s.steps, line)
}

func (s *stopwatch) summary() {
	s.t.Logf("wall times:\n\t%s", strings.Join(s.steps, "\n\t"))
}

func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint: skipped with -short")
	}
	if os.Getenv("FENCECHECK_INTEGRATION") != "1" {
		t.Skip("builds golangci-lint (minutes): set FENCECHECK_INTEGRATION=1 to run")
	}
	for _, tool := range []string{"go", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("the golangci-lint integration test needs %s: %v", tool, err)
		}
	}
	ctx := context.Background()
	if dl, ok := t.Deadline(); ok {
		// Stop the subprocesses a little before the test binary panics, so
		// that a slow build fails with its output rather than a stack dump.
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, dl.Add(-15*time.Second))
		defer cancel()
	}

	root := moduleRoot(t, ctx)
	fixture := filepath.Join(root, "testdata", "golangci", "mod")
	configs := filepath.Join(root, "testdata", "golangci", "configs")
	sw := &stopwatch{t: t}
	defer sw.summary()

	var gcl, repo, custom string
	sw.time("go install golangci-lint@"+gclVersion, func() { gcl = installGolangciLint(t, ctx) })
	sw.time("local golangci-lint git repo", func() { repo = localRepo(t, ctx) })
	sw.time("golangci-lint custom", func() { custom = buildCustom(t, ctx, gcl, repo, root) })

	want := markedFindings(t, fixture, "// FINDING")
	withConfig := markedFindings(t, fixture, "// FINDING WITH CONFIG")
	if len(want) == 0 || len(withConfig) == 0 {
		t.Fatal("the fixture marks no finding")
	}

	lint := func(name string) lintResult {
		var r lintResult
		sw.time("custom-gcl run ("+name+")", func() {
			r = runLint(t, ctx, custom, fixture, filepath.Join(configs, name))
		})
		return r
	}

	t.Run("all", func(t *testing.T) {
		r := lint("all.yml")
		r.wantExit(t, 1)
		r.wantFindings(t, want, len(want))
		if !strings.Contains(r.stdout, "(FC1001)") {
			t.Errorf("text output lacks the check code:\n%s", r.stdout)
		}
		// The nolint comment naming unfencedwrite is applied by fencecheck itself, not by
		// golangci-lint (which has no linter of that name).
		if r.stderr != "" {
			t.Logf("golangci-lint stderr:\n%s", r.stderr)
		}
	})
	t.Run("nolintlint", func(t *testing.T) {
		r := lint("nolintlint.yml")
		r.wantExit(t, 1)
		r.wantFindings(t, want, len(want))
	})
	// The suppressed lines are findings without their directives (else the
	// runs above would prove nothing about suppression).
	t.Run("unsuppressed", func(t *testing.T) {
		dir, lines := stripDirectives(t, fixture)
		var r lintResult
		sw.time("custom-gcl run (all.yml, no directives)", func() {
			r = runLint(t, ctx, custom, dir, filepath.Join(configs, "all.yml"))
		})
		all := append(slices.Clone(want), lines...)
		slices.Sort(all)
		r.wantExit(t, 1)
		r.wantFindings(t, all, len(all))
	})
	t.Run("fc1001", func(t *testing.T) {
		r := lint("fc1001.yml")
		r.wantExit(t, 1)
		r.wantFindings(t, want, len(want))
	})
	// The config setting reaches the analysis: coord's lock is described
	// only in the file it names.
	t.Run("config", func(t *testing.T) {
		r := lint("config.yml")
		r.wantExit(t, 1)
		all := append(slices.Clone(want), withConfig...)
		slices.Sort(all)
		r.wantFindings(t, all, len(all))
	})
	t.Run("without-fc1001", func(t *testing.T) {
		r := lint("without-fc1001.yml")
		r.wantExit(t, 0)
		r.wantFindings(t, nil, 0)
	})
	t.Run("exclude-text", func(t *testing.T) {
		r := lint("exclude-text.yml")
		r.wantExit(t, 0)
		r.wantFindings(t, nil, 0)
	})
	// The caveat docs/golangci-lint.md describes: related information
	// becomes separate issues that do not carry the code.
	t.Run("exclude-code-only", func(t *testing.T) {
		r := lint("exclude-code-only.yml")
		r.wantExit(t, 1)
		r.wantFindings(t, nil, len(want))
	})
	for _, bad := range []struct{ config, want string }{
		{"bad-key.yml", `unknown key "boguskey"`},
		{"bad-check.yml", `unknown check "FC9999"`},
		{"missing-config.yml", "no-such-fencecheck.json does not exist"},
	} {
		t.Run(strings.TrimSuffix(bad.config, ".yml"), func(t *testing.T) {
			r := lint(bad.config)
			if r.exit == 0 || r.exit == 1 {
				t.Errorf("exit status %d, want a failure (not 0 or 1)", r.exit)
			}
			if !strings.Contains(r.stdout+r.stderr, bad.want) {
				t.Errorf("output does not contain %q:\nstdout:\n%s\nstderr:\n%s", bad.want, r.stdout, r.stderr)
			} else {
				t.Logf("golangci-lint: %s", grepLine(r.stdout+r.stderr, bad.want))
			}
		})
	}
}

// moduleRoot is the fencecheck checkout the test runs in.
func moduleRoot(t *testing.T, ctx context.Context) string {
	gomod := strings.TrimSpace(run(t, ctx, "", nil, "go", "env", "GOMOD"))
	if gomod == "" || gomod == os.DevNull {
		t.Fatal("not in a module")
	}
	root := filepath.Dir(gomod)
	if data, err := os.ReadFile(gomod); err != nil || !bytes.Contains(data, []byte("module "+pluginModule+"\n")) {
		t.Fatalf("%s is not the go.mod of %s (%v)", gomod, pluginModule, err)
	}
	return root
}

// installGolangciLint returns a stock golangci-lint, built with go install
// from the module proxy once and then cached under os.UserCacheDir, keyed by
// its version, the Go release and the platform.
func installGolangciLint(t *testing.T, ctx context.Context) string {
	exe := "golangci-lint"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	var dir string
	if cache, err := os.UserCacheDir(); err == nil {
		dir = filepath.Join(cache, "fencecheck-it",
			fmt.Sprintf("golangci-lint-%s-%s-%s-%s", gclVersion, runtime.Version(), runtime.GOOS, runtime.GOARCH))
		bin := filepath.Join(dir, exe)
		if out, err := exec.CommandContext(ctx, bin, "version").Output(); err == nil &&
			strings.Contains(string(out), strings.TrimPrefix(gclVersion, "v")) {
			t.Logf("using cached %s", bin)
			return bin
		}
	} else {
		t.Logf("no user cache directory (%v): golangci-lint is not cached", err)
	}

	gobin := t.TempDir()
	run(t, ctx, t.TempDir(), []string{"GOBIN=" + gobin},
		"go", "install", gclModule+"/cmd/golangci-lint@"+gclVersion)
	bin := filepath.Join(gobin, exe)
	if dir == "" {
		return bin
	}
	// Publish atomically: a concurrent run sees either no binary or a
	// complete one. A cache that cannot be written only costs time.
	tmp := filepath.Join(dir, fmt.Sprintf(".%s.%d", exe, os.Getpid()))
	cached := filepath.Join(dir, exe)
	err := os.MkdirAll(dir, 0o755)
	if err == nil {
		err = copyFile(bin, tmp, 0o755)
	}
	if err == nil {
		err = os.Rename(tmp, cached)
	}
	if err != nil {
		os.Remove(tmp)
		t.Logf("not caching golangci-lint: %v", err)
		return bin
	}
	return cached
}

// localRepo makes a git repository holding golangci-lint's source at
// gclVersion, tagged gclVersion, from the module cache (go mod download),
// so that `golangci-lint custom` can clone it without GitHub. The module
// zip is the tagged tree minus what the proxy leaves out (nested modules,
// vendor directories), which does not matter for building
// ./cmd/golangci-lint.
func localRepo(t *testing.T, ctx context.Context) string {
	out := run(t, ctx, t.TempDir(), nil, "go", "mod", "download", "-json", gclModule+"@"+gclVersion)
	var m struct{ Dir, Error string }
	if err := json.Unmarshal([]byte(out), &m); err != nil || m.Dir == "" {
		t.Fatalf("go mod download: %v %s\n%s", err, m.Error, out)
	}
	repo := filepath.Join(t.TempDir(), "golangci-lint")
	if err := copyTree(m.Dir, repo); err != nil {
		t.Fatal(err)
	}
	git := func(args ...string) {
		// No user configuration may interfere (signing, hooks, templates).
		base := []string{"-c", "user.name=fencecheck-it", "-c", "user.email=fencecheck-it@invalid",
			"-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false", "-c", "core.hooksPath=/dev/null",
			"-c", "init.defaultBranch=main"}
		run(t, ctx, repo, []string{"GIT_CONFIG_NOSYSTEM=1"}, "git", append(base, args...)...)
	}
	git("init", "-q")
	git("add", "--all", "--force") // the module's .gitignore must not drop files
	git("commit", "-q", "--no-verify", "-m", "golangci-lint "+gclVersion+" from the Go module proxy")
	git("tag", gclVersion)
	return repo
}

// cloneRedirect returns the environment that makes git fetch gclCloneURL
// from the local repository: url.<local>.insteadOf=<GitHub URL>, passed as
// GIT_CONFIG_COUNT/GIT_CONFIG_KEY_n/GIT_CONFIG_VALUE_n, which golangci-lint
// lets through to git (filterGitEnviron) and which git reads as command-line
// configuration. Existing GIT_CONFIG_* entries are kept.
func cloneRedirect(t *testing.T, repo string) []string {
	n := 0
	if s := os.Getenv("GIT_CONFIG_COUNT"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("GIT_CONFIG_COUNT=%q: %v", s, err)
		}
	}
	local := "file://" + filepath.ToSlash(repo)
	return []string{
		"GIT_CONFIG_COUNT=" + strconv.Itoa(n+1),
		fmt.Sprintf("GIT_CONFIG_KEY_%d=url.%s.insteadOf", n, local),
		fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", n, gclCloneURL),
	}
}

// buildCustom runs `golangci-lint custom` with the plugin from root and
// returns the custom binary.
func buildCustom(t *testing.T, ctx context.Context, gcl, repo, root string) string {
	work := t.TempDir()
	dest := filepath.Join(work, "bin")
	conf := fmt.Sprintf(`version: %s
name: custom-gcl
destination: %s
plugins:
  - module: %s
    import: %s
    path: %s
`, gclVersion, strconv.Quote(dest), pluginModule, pluginImport, strconv.Quote(root))
	if err := os.WriteFile(filepath.Join(work, ".custom-gcl.yml"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, work, cloneRedirect(t, repo), gcl, "custom", "-v")
	bin := filepath.Join(dest, "custom-gcl")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	out := run(t, ctx, work, nil, bin, "version")
	t.Logf("built %s", strings.TrimSpace(out))
	return bin
}

// issue is the part of golangci-lint's JSON issue the test reads.
type issue struct {
	FromLinter string
	Text       string
	Pos        struct {
		Filename     string
		Line, Column int
	}
}

type lintResult struct {
	exit           int
	stdout, stderr string
	issues         []issue
	fixture        string
}

func (r lintResult) wantExit(t *testing.T, code int) {
	t.Helper()
	if r.exit != code {
		t.Errorf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", r.exit, code, r.stdout, r.stderr)
	}
}

// wantFindings checks that fencecheck reported exactly the given findings
// (positions "store/store.go:21"), each with the check code at the end of
// its text, plus the given number of related-information issues, and
// nothing else (in particular nothing on the suppressed lines, which are
// not marked).
func (r lintResult) wantFindings(t *testing.T, want []string, related int) {
	t.Helper()
	var got, notes []string
	for _, is := range r.issues {
		rel, err := filepath.Rel(r.fixture, is.Pos.Filename)
		if err != nil {
			rel = is.Pos.Filename
		}
		pos := fmt.Sprintf("%s:%d", filepath.ToSlash(rel), is.Pos.Line)
		switch {
		case is.FromLinter != "fencecheck":
			t.Errorf("%s: issue from linter %q: %s", pos, is.FromLinter, is.Text)
		case strings.Contains(is.Text, "(related information): "):
			notes = append(notes, pos)
		default:
			got = append(got, pos)
			if !strings.HasPrefix(is.Text, "unfencedwrite: ") || !strings.HasSuffix(is.Text, " (FC1001)") {
				t.Errorf("%s: text %q is not \"unfencedwrite: ... (FC1001)\"", pos, is.Text)
			}
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("findings at %q, want %q\nstdout:\n%s\nstderr:\n%s", got, want, r.stdout, r.stderr)
	}
	if len(notes) != related {
		t.Errorf("related-information issues at %q, want %d", notes, related)
	}
}

// runLint runs the custom golangci-lint on the fixture module with a
// configuration file, reading the issues from its JSON output. Its cache is
// fresh each time: the custom binary's version does not change with every
// edit of the plugin, and stale results must not hide a change.
func runLint(t *testing.T, ctx context.Context, bin, fixture, config string) lintResult {
	jsonOut := filepath.Join(t.TempDir(), "issues.json")
	cmd := exec.CommandContext(ctx, bin, "run",
		"--config", config,
		"--path-mode", "abs",
		"--output.text.path", "stdout",
		"--output.json.path", jsonOut,
		"--show-stats=false",
		"./...")
	cmd.Dir = fixture
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOLANGCI_LINT_CACHE="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	countCPU(cmd.ProcessState)
	r := lintResult{stdout: stdout.String(), stderr: stderr.String(), fixture: fixture}
	var exitErr *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exitErr):
		r.exit = exitErr.ExitCode()
	default:
		t.Fatalf("%s: %v", cmd, err)
	}
	if data, err := os.ReadFile(jsonOut); err == nil {
		var report struct{ Issues []issue }
		if err := json.Unmarshal(data, &report); err != nil {
			t.Fatalf("golangci-lint JSON output: %v\n%s", err, data)
		}
		r.issues = report.Issues
		if real, err := filepath.EvalSymlinks(fixture); err == nil {
			r.fixture = real
		}
	} else if r.exit == 0 || r.exit == 1 {
		t.Fatalf("no JSON output: %v\nstdout:\n%s\nstderr:\n%s", err, r.stdout, r.stderr)
	}
	return r
}

// markedFindings returns the positions of the lines of the fixture that end
// in marker, as "dir/file.go:line", sorted.
func markedFindings(t *testing.T, fixture, marker string) []string {
	var out []string
	err := filepath.WalkDir(fixture, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, _ := filepath.Rel(fixture, path)
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			if strings.HasSuffix(strings.TrimSpace(sc.Text()), marker) {
				out = append(out, fmt.Sprintf("%s:%d", filepath.ToSlash(rel), line))
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// stripDirectives copies the fixture module without its suppression
// comments and returns the copy and the positions they silenced: the line
// of a trailing //nolint, the line after a //lint:ignore of its own.
func stripDirectives(t *testing.T, fixture string) (string, []string) {
	dir := filepath.Join(t.TempDir(), "mod")
	if err := copyTree(fixture, dir); err != nil {
		t.Fatal(err)
	}
	var silenced []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		lines := strings.Split(string(data), "\n")
		for i, line := range lines {
			if j := strings.Index(line, "//nolint:"); j >= 0 {
				lines[i] = strings.TrimRight(line[:j], " \t")
				silenced = append(silenced, fmt.Sprintf("%s:%d", filepath.ToSlash(rel), i+1))
			} else if strings.HasPrefix(strings.TrimSpace(line), "//lint:ignore ") {
				lines[i] = ""
				silenced = append(silenced, fmt.Sprintf("%s:%d", filepath.ToSlash(rel), i+2))
			}
		}
		return os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(silenced) == 0 {
		t.Fatal("the fixture has no suppression comment")
	}
	return dir, silenced
}

// run runs a command and returns its standard output; a failure fails the
// test with the command's output.
func run(t *testing.T, ctx context.Context, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	cmd.Env = append(cmd.Env, env...)
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	countCPU(cmd.ProcessState)
	if err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("%v (test deadline near: raise go test -timeout)", err)
		}
		t.Fatalf("%s (in %s): %v\nstdout:\n%s\nstderr:\n%s", cmd, dir, err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

func grepLine(s, sub string) string {
	for line := range strings.Lines(s) {
		if strings.Contains(line, sub) {
			return strings.TrimSpace(line)
		}
	}
	return ""
}

func copyFile(src, dst string, perm fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// copyTree copies a directory of regular files (the module cache's
// read-only extraction) into a new, writable directory.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case d.Type().IsRegular():
			info, err := d.Info()
			if err != nil {
				return err
			}
			return copyFile(path, target, info.Mode().Perm()|0o200)
		default:
			return nil // the module cache holds no symlinks or devices
		}
	})
}
