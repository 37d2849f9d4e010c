package main

import (
	"fmt"
	"maps"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/analyzers"
	"github.com/fencecheck/fencecheck/internal/crash"
)

// docDir is where docs/troubleshooting.md shows the examples' module.
const docDir = "/src/m"

const lockedWrite = `package app

import (
	"context"
	"database/sql"
)

func Run(ctx context.Context, pool *sql.DB) error {
	conn, err := pool.Conn(ctx)
	if err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, ` + "`SELECT pg_advisory_lock(42)`" + `); err != nil {
		return err
	}
	_, err = pool.ExecContext(ctx, ` + "`UPDATE jobs SET done = true`" + `)
	return err
}
`

const lockzGo = `package lockz

type Client struct{}

func (c *Client) Acquire() (bool, error) { return true, nil }
func (c *Client) Release()               {}
`

const usesLockz = `package app

import "example.com/m/lockz"

func Run(c *lockz.Client) {
	if ok, _ := c.Acquire(); !ok {
		return
	}
	defer c.Release()
}
`

// troubleCase is one bad input of docs/troubleshooting.md: a module in
// docDir, the environment, and the command line.
type troubleCase struct {
	files map[string]string
	env   map[string]string
	args  []string
	extra []*analysis.Analyzer // checks run besides analyzers.All
}

// panicky is a check with a bug: it panics on example.com/m/bad, for the
// page's internal error.
var panicky = &analysis.Analyzer{Name: "panicky", Doc: "panics on example.com/m/bad", Run: panicOnBad}

func panicOnBad(pass *analysis.Pass) (any, error) {
	if pass.Pkg.Path() == "example.com/m/bad" {
		var seen map[string]bool
		seen[pass.Pkg.Name()] = true
	}
	return nil, nil
}

var goMod = "module example.com/m\n\ngo 1.26\n"

var troubleCases = map[string]troubleCase{
	"embed": {files: map[string]string{"go.mod": goMod,
		"assets/assets.go": "package assets\n\nimport _ \"embed\"\n\n//go:embed logo.png\nvar Logo []byte\n"}},
	"dependency": {files: map[string]string{"go.mod": goMod,
		"app/app.go":   "package app\n\nimport \"example.com/m/util\"\n\nvar X = util.N\n",
		"util/util.go": "package util\n\nvar N int\n\nfunc F() {\n\tvar s string = 1\n\t_ = s\n}\n"},
		args: []string{"./app"}},
	"testfile": {files: map[string]string{"go.mod": goMod, "app/app.go": lockedWrite,
		"app/app_test.go": "package app\n\nimport \"testing\"\n\nfunc TestRun(t *testing.T) {\n\tvar n int = \"x\"\n\t_ = n\n}\n"}},
	"nomatch":  {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n"}, args: []string{"./ap/..."}},
	"nomodule": {files: map[string]string{"app.go": "package app\n"}, env: map[string]string{"GOWORK": "off"}},
	"nogo":     {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n"}, env: map[string]string{"PATH": "/nonexistent"}},
	"gocache": {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n"},
		env: map[string]string{"GOCACHE": "/proc/go-build"}},
	"newgo": {files: map[string]string{"go.mod": "module example.com/m\n\ngo 1.99\n", "app/app.go": "package app\n"},
		env: map[string]string{"GOTOOLCHAIN": "local"}},
	"gosum": {files: map[string]string{"go.mod": goMod + "\nrequire golang.org/x/sync v0.24.0\n",
		"app/app.go": "package app\n\nimport \"golang.org/x/sync/errgroup\"\n\nvar G errgroup.Group\n"},
		env: map[string]string{"GOPROXY": "off", "GOFLAGS": "-mod=readonly"}},
	"badjson": {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n",
		"fencecheck.json": "{\n  \"fences\": [\"example.com/m/lockz.Grant.Seq\",]\n}\n"}},
	"unknownkey": {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n",
		"fencecheck.json": "{\n  \"lock\": []\n}\n"}},
	"negative": {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n",
		"fencecheck.json": "{\n  \"sinks\": [{\"func\": \"example.com/m/lockz.Notify\", \"carried_by\": [-1]}]\n}\n"}},
	"trailing": {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n",
		"fencecheck.json": "{\"locks\": []}\n{\"fences\": []}\n"}},
	"empty": {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n", "fencecheck.json": ""}},
	"unknownname": {files: map[string]string{"go.mod": goMod, "lockz/lockz.go": lockzGo, "app/app.go": usesLockz,
		"fencecheck.json": "{\n  \"locks\": [{\"func\": \"example.com/m/lockz.(*Client).Acquire\", \"success\": \"bool\",\n             \"release\": [\"example.com/m/lockz.(*Client).Relese\"]}]\n}\n"}},
	"result": {files: map[string]string{"go.mod": goMod, "lockz/lockz.go": lockzGo, "app/app.go": usesLockz,
		"fencecheck.json": "{\n  \"locks\": [{\"func\": \"example.com/m/lockz.(*Client).Acquire\", \"success\": \"bool\", \"result\": 5}]\n}\n"}},
	"notinbuild": {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n",
		"fencecheck.json": "{\n  \"checks\": [\"github.com/acme/coord.(*Client).Alive\"]\n}\n"}},
	"workspace": {files: map[string]string{"go.work": "go 1.26\n\nuse ./svc\n", "svc/go.mod": "module example.com/svc\n\ngo 1.26\n",
		"svc/app/app.go": "package app\n", "fencecheck.json": "{}\n"}, args: []string{"./svc/..."}, env: map[string]string{"GOWORK": ""}},
	"configflag": {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n"},
		args: []string{"-config", "ci/fencecheck.json", "./..."}},
	"format":    {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n"}, args: []string{"-f", "xml", "./..."}},
	"check":     {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n"}, args: []string{"-checks", "FC9999", "./..."}},
	"flagafter": {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n"}, args: []string{"./...", "-f", "json"}},
	"twice":     {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n"}, args: []string{"-f", "json", "-f", "sarif", "./..."}},
	"gofile":    {files: map[string]string{"go.mod": goMod, "app/app.go": "package app\n"}, args: []string{"-o", "app/app.go", "./..."}},
	"vendor": {files: map[string]string{"go.mod": goMod + "\nrequire golang.org/x/sync v0.24.0\n", "app/app.go": "package app\n"},
		env: map[string]string{"GOFLAGS": "-mod=vendor"}},
	"syntax": {files: map[string]string{"go.mod": goMod,
		"app/app.go": "package app\n\nvar limit = defaultLimit\n\n\n\n\n\nvar retries = defaultRetries\n\nvar timeout = defaultTimeout\n\nfunc start() int { return ( }\n"}},
	"nolintall": {files: map[string]string{"go.mod": goMod, "app/app.go": strings.Replace(lockedWrite,
		"`UPDATE jobs SET done = true`"+`)`, "`UPDATE jobs SET done = true`"+`) //nolint`, 1)}},
	"internal": {files: map[string]string{"go.mod": goMod, "app/app.go": lockedWrite, "bad/bad.go": "package bad\n"},
		extra: []*analysis.Analyzer{panicky}, env: map[string]string{crash.StackEnv: ""}},
	"bare": {files: map[string]string{"go.mod": goMod, "app/app.go": strings.Replace(lockedWrite,
		"\t_, err = pool.ExecContext", "\t//lint:ignore\n\t_, err = pool.ExecContext", 1)}},
}

// Every bad input docs/troubleshooting.md lists is run, and the page shows
// exactly what fencecheck prints for it (standard output, then standard
// error) and its exit status.
func TestTroubleshootingPage(t *testing.T) {
	page, err := os.ReadFile("../../docs/troubleshooting.md")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile("(?s)<!-- case: (\\w+) -->\n```\n\\$ (fencecheck[^\n]*)\n(.*?)```\n")
	shown := map[string]bool{}
	for _, m := range re.FindAllStringSubmatch(string(page), -1) {
		name, cmdline, want := m[1], m[2], m[3]
		shown[name] = true
		tc, ok := troubleCases[name]
		if !ok {
			t.Errorf("docs/troubleshooting.md shows case %q, which the test does not run", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			args := tc.args
			if args == nil {
				args = []string{"./..."}
			}
			if got := strings.Join(append([]string{"fencecheck"}, args...), " "); cmdline != got {
				t.Errorf("command shown %q, run %q", cmdline, got)
			}
			dir := writeModule(t, tc.files)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			if name == "gocache" && runtime.GOOS != "linux" {
				t.Skip("the cache directory is under /proc")
			}
			code, stdout, stderr := runCmd(t, append(slices.Clone(analyzers.All), tc.extra...), dir, args...)
			got := troubleOutput(t, dir, code, stdout, stderr)
			if got != want {
				t.Errorf("docs/troubleshooting.md shows:\n%s\nfencecheck prints:\n%s", want, got)
			}
		})
	}
	for _, name := range slices.Sorted(maps.Keys(troubleCases)) {
		if !shown[name] {
			t.Errorf("case %q is not shown in docs/troubleshooting.md", name)
		}
	}
}

// frameLine is the line of a test's function in an internal error.
var frameLine = regexp.MustCompile(`_test\.go:\d+\)`)

// troubleOutput is what the page shows for a run: standard output, then
// standard error, then the exit status; the module's directory as docDir,
// the go version as <version>, and the usage after a usage error as "...".
func troubleOutput(t *testing.T, dir string, code int, stdout, stderr string) string {
	if i := strings.Index(stderr, "\nusage: fencecheck [flags] [packages]\n"); i >= 0 {
		stderr = stderr[:i] + "\nusage: fencecheck [flags] [packages]\n...\n"
	}
	got := stdout + stderr + fmt.Sprintf("[exit status %d]\n", code)
	got = strings.ReplaceAll(got, dir, docDir)
	got = frameLine.ReplaceAllString(got, "_test.go:<line>)")
	if strings.Contains(got, "go command on PATH is go ") {
		got = strings.ReplaceAll(got, "go command on PATH is go "+strings.TrimPrefix(runtimeGoVersion(t), "go")+" ", "go command on PATH is go <version> ")
	}
	return got
}
