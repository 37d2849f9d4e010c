package corpus

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// A Module is one go.mod directory of one pinned repository, with the
// cases located in it.
type Module struct {
	Repo, Commit, Dir string // Dir relative to the repository root
	Cases             []*Case
}

func (m Module) String() string { return path.Join(m.Repo, m.Dir) + "@" + m.Commit[:12] }

// Modules groups cases by repository and module directory.
func Modules(cases []*Case) []Module {
	var out []Module
	for _, c := range cases {
		dir := filepath.ToSlash(filepath.Clean(c.Module))
		i := slices.IndexFunc(out, func(m Module) bool { return m.Repo == c.Repo && m.Dir == dir })
		if i < 0 {
			out = append(out, Module{Repo: c.Repo, Commit: c.Commit, Dir: dir})
			i = len(out) - 1
		}
		out[i].Cases = append(out[i].Cases, c)
	}
	slices.SortFunc(out, func(a, b Module) int {
		return cmp.Or(strings.Compare(a.Repo, b.Repo), strings.Compare(a.Dir, b.Dir))
	})
	return out
}

// SnapshotDir is where a repository's snapshot is expected below the
// snapshots directory: "owner+name".
func SnapshotDir(snapshots, repo string) string {
	return filepath.Join(snapshots, strings.Replace(repo, "/", "+", 1))
}

// A Runner runs fencecheck on the modules of extracted snapshots.
type Runner struct {
	Fencecheck string        // the fencecheck binary
	Snapshots  string        // directory of <owner>+<name> snapshot trees
	Timeout    time.Duration // per module; 0 means no limit
	Env        []string      // added to the environment of fencecheck and go list
}

// A ModuleRun is what running fencecheck on one module gave.
type ModuleRun struct {
	Module    Module
	Findings  []Finding         // every finding, files relative to the repository root
	NotScored map[string]string // case id -> why it cannot be scored
	Errors    []string          // fencecheck's error lines
	Exit      int
	Elapsed   time.Duration
}

// Env is the environment the corpus is analysed in: the snapshots' go.sum
// files may be incomplete (module mode may add entries), and a go directive
// newer than the local toolchain is a load error rather than a toolchain
// download. A go.work of the repository itself applies, as it does for its
// developers (some modules build only inside their workspace); workspace
// mode does not allow -mod=mod, so there the go.sum files must do.
var Env = []string{"GOFLAGS=-mod=mod -buildvcs=false", "GOTOOLCHAIN=local"}

// workspaceEnv replaces Env's GOFLAGS in a repository with a go.work.
const workspaceEnv = "GOFLAGS=-buildvcs=false"

// Run analyses one module. It never fails: whatever prevents a case from
// being judged is recorded in NotScored.
func (r *Runner) Run(ctx context.Context, m Module) *ModuleRun {
	mr := &ModuleRun{Module: m, NotScored: map[string]string{}}
	skipAll := func(format string, args ...any) *ModuleRun {
		for _, c := range m.Cases {
			mr.NotScored[c.ID] = fmt.Sprintf(format, args...)
		}
		return mr
	}
	root := SnapshotDir(r.Snapshots, m.Repo)
	if _, err := os.Stat(root); err != nil {
		return skipAll("no snapshot at %s", root)
	}
	if pin, err := os.ReadFile(filepath.Join(root, ".commit")); err == nil {
		if got := strings.TrimSpace(string(pin)); got != m.Commit {
			return skipAll("snapshot is at commit %s, the case is pinned to %s", got, m.Commit)
		}
	}
	dir := filepath.Join(root, filepath.FromSlash(m.Dir))
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		return skipAll("no go.mod in %s", dir)
	}
	for _, c := range m.Cases {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(c.File))); err != nil {
			mr.NotScored[c.ID] = fmt.Sprintf("file %s is not in the snapshot", c.File)
		}
	}

	if r.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, r.Timeout)
		defer cancel()
	}
	start := time.Now()
	cmd := exec.CommandContext(ctx, r.Fencecheck, "-f", "json", "./...")
	cmd.Dir = dir
	cmd.Env = r.environ(dir)
	cmd.WaitDelay = time.Second // a killed fencecheck's children may hold its output open
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	mr.Elapsed = time.Since(start)
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit) && ctx.Err() == nil:
		mr.Exit = exit.ExitCode()
	case ctx.Err() != nil:
		return skipAll("fencecheck did not finish in %s", r.Timeout)
	default:
		return skipAll("fencecheck did not run: %v", err)
	}
	for line := range strings.Lines(stderr.String()) {
		if line = strings.TrimRight(line, "\n"); strings.HasPrefix(line, "fencecheck: ") {
			mr.Errors = append(mr.Errors, strings.TrimPrefix(line, "fencecheck: "))
		}
	}
	if mr.Exit != 0 && mr.Exit != 1 && mr.Exit != 2 {
		return skipAll("fencecheck crashed (exit status %d): %s", mr.Exit, firstLine(stderr.String()))
	}
	fs, err := parseFindings(stdout.Bytes(), m)
	if err != nil {
		return skipAll("unreadable fencecheck output: %v", err)
	}
	mr.Findings = fs
	if mr.Exit == 2 {
		r.skipBroken(ctx, mr, dir)
	}
	return mr
}

// environ is the environment of a command run in dir: PWD must name dir,
// since fencecheck prints file names relative to it.
func (r *Runner) environ(dir string) []string {
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "PWD=") })
	env = append(env, Env...)
	if inWorkspace(dir) {
		env = append(env, workspaceEnv)
	}
	return append(append(env, r.Env...), "PWD="+dir)
}

// skipBroken marks as not scored every case whose package, or one of whose
// dependencies, fencecheck could not load: such a case's silence proves
// nothing. Error lines read "<package>: <position>: <message>".
func (r *Runner) skipBroken(ctx context.Context, mr *ModuleRun, dir string) {
	broken := map[string]string{}
	for _, e := range mr.Errors {
		pkg, _, ok := strings.Cut(e, ": ")
		if embedError(e) {
			continue // the build fails, but fencecheck analysed the package and its importers
		}
		if ok && !strings.ContainsAny(pkg, " \t") {
			if _, seen := broken[pkg]; !seen {
				broken[pkg] = e
			}
		}
	}
	for _, c := range mr.Module.Cases {
		if _, done := mr.NotScored[c.ID]; done {
			continue
		}
		rel, _ := c.FileInModule()
		deps, err := r.deps(ctx, dir, "./"+path.Dir(rel))
		if err != nil {
			mr.NotScored[c.ID] = fmt.Sprintf("fencecheck reported load errors (%s) and go list failed: %v", firstLine(strings.Join(mr.Errors, "\n")), err)
			continue
		}
		for _, d := range deps {
			if e, ok := broken[d]; ok {
				mr.NotScored[c.ID] = "package did not load: " + firstLine(e)
				break
			}
		}
	}
}

// deps lists a package and its dependencies, tests included.
func (r *Runner) deps(ctx context.Context, dir, pkg string) ([]string, error) {
	cmd := exec.CommandContext(ctx, "go", "list", "-e", "-deps", "-test", "-f", "{{.ImportPath}}", pkg)
	cmd.Dir = dir
	cmd.Env = r.environ(dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%v: %s", err, firstLine(stderr.String()))
	}
	var deps []string
	for line := range strings.Lines(string(out)) {
		// "p [p.test]" is the test variant of p.
		name, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		deps = append(deps, name)
	}
	return deps, nil
}

// parseFindings reads fencecheck's JSON Lines output. Its file names are
// relative to the module directory (or absolute); they are made relative
// to the repository root, as the cases' are.
func parseFindings(out []byte, m Module) ([]Finding, error) {
	var fs []Finding
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var j struct {
			Code     string `json:"code"`
			Message  string `json:"message"`
			Location struct {
				File         string `json:"file"`
				Line, Column int
			} `json:"location"`
			Related []struct {
				Location struct {
					File string `json:"file"`
					Line int
				} `json:"location"`
			} `json:"related"`
		}
		if err := json.Unmarshal(sc.Bytes(), &j); err != nil {
			return nil, err
		}
		rel := func(f string) string {
			f = filepath.ToSlash(f)
			if !path.IsAbs(f) {
				f = path.Join(m.Dir, f)
			}
			return f
		}
		f := Finding{Repo: m.Repo, File: rel(j.Location.File), Line: j.Location.Line, Column: j.Location.Column, Code: j.Code, Message: j.Message}
		for _, r := range j.Related {
			f.Related = append(f.Related, Position{File: rel(r.Location.File), Line: r.Location.Line})
		}
		fs = append(fs, f)
	}
	return fs, sc.Err()
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// inWorkspace reports whether a go.work file in dir or above applies.
func inWorkspace(dir string) bool {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return true
		}
		up := filepath.Dir(dir)
		if up == dir {
			return false
		}
		dir = up
	}
}

// embedError reports whether an error line is go list's complaint about a
// //go:embed pattern ("<pkg>: <pos>: pattern x: no matching files found"):
// a package's types never depend on the files it embeds, and fencecheck
// analyses it and its importers all the same.
func embedError(line string) bool {
	parts := strings.SplitN(line, ": ", 3)
	return len(parts) == 3 && strings.HasPrefix(parts[2], "pattern ")
}
