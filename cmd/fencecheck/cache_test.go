package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/internal/suite"
)

// The tests of this package run without the results cache unless they
// ask for one: a test's analyzers are not the binary's, and the user's
// cache is not the tests' business.
func TestMain(m *testing.M) {
	os.Setenv(cacheEnv, "off")
	os.Exit(m.Run())
}

// cacheRun is one run of the whole suite with a cache.
type cacheRun struct {
	code           int
	stdout, stderr string
	cached, fresh  []string // package IDs from the cache, and analysed or type-checked (-v)
}

// runCached runs the suite in dir with -v and the given arguments, and
// sorts the packages -v lists by whether they came from the cache.
func runCached(t *testing.T, dir string, binary string, args ...string) cacheRun {
	t.Helper()
	var stdout, stderr bytes.Buffer
	c := &command{checks: suite.Shared().Checks, dir: dir, stdout: &stdout, stderr: &stderr,
		binaryID: func() (string, error) { return binary, nil }}
	r := cacheRun{code: c.run(append([]string{"-v"}, args...))}
	r.stdout = stdout.String()
	var other []string
	for line := range strings.Lines(stderr.String()) {
		f := strings.Fields(line)
		if len(f) < 3 || f[0] != "fencecheck:" || !strings.HasSuffix(f[1], "s") {
			other = append(other, line)
			continue
		}
		id := strings.TrimPrefix(f[2], "example.com/iface/")
		if strings.Contains(line, "cached)") {
			r.cached = append(r.cached, id)
		} else {
			r.fresh = append(r.fresh, id)
		}
	}
	r.stderr = strings.Join(other, "")
	slices.Sort(r.cached)
	slices.Sort(r.fresh)
	r.cached, r.fresh = slices.Compact(r.cached), slices.Compact(r.fresh)
	return r
}

// copyModule copies the module in testdata/e2e/NAME to a new directory.
func copyModule(t *testing.T, name string) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(filepath.Join("testdata", "e2e", name))); err != nil {
		t.Fatal(err)
	}
	return dst
}

// sameRun fails unless warm gave the output of cold.
func sameRun(t *testing.T, what string, cold, warm cacheRun) {
	t.Helper()
	if warm.code != cold.code || warm.stdout != cold.stdout || warm.stderr != cold.stderr {
		t.Errorf("%s: exit %d, output\n%s%s\nwant (without the cache) exit %d\n%s%s", what, warm.code, warm.stdout, warm.stderr, cold.code, cold.stdout, cold.stderr)
	}
}

// A second run with nothing changed takes every package from the cache and
// prints what the first printed, as text and as JSON, which is what a run
// without the cache prints. The module's findings include those of the
// whole-program passes (interface calls implemented in packages their
// caller does not import), which must be the same cold and warm.
func TestCacheUnchangedRerun(t *testing.T) {
	t.Parallel() // each on a copy of the module, with a cache of its own
	dir := copyModule(t, "iface")
	cacheDir := t.TempDir()
	cold := runCached(t, dir, "bin1", "-cache", cacheDir, "./...")
	if cold.code != exitFindings || !strings.Contains(cold.stdout, "service/service.go:52") || len(cold.cached) > 0 {
		t.Fatalf("cold run: exit %d, from the cache %v; want findings including the whole program's (service.go:52):\n%s%s", cold.code, cold.cached, cold.stdout, cold.stderr)
	}
	warm := runCached(t, dir, "bin1", "-cache", cacheDir, "./...")
	sameRun(t, "warm", cold, warm)
	if len(warm.fresh) > 0 || len(warm.cached) < 11 {
		t.Errorf("warm: analysed again %v, from the cache %v; want every package from the cache", warm.fresh, warm.cached)
	}
	off := runCached(t, dir, "bin1", "-cache=off", "-f", "json", "./...")
	if len(off.cached) > 0 || !strings.Contains(off.stdout, `"file":"service/service.go","line":52`) {
		t.Fatalf("-cache=off -f json: from the cache %v, output\n%s", off.cached, off.stdout)
	}
	warmJSON := runCached(t, dir, "bin1", "-cache", cacheDir, "-f", "json", "./...")
	sameRun(t, "-f json warm", off, warmJSON)
	if len(warmJSON.fresh) > 0 {
		t.Errorf("-f json warm: analysed again %v", warmJSON.fresh)
	}
}

// appendFile adds text at the end of a file.
func appendFile(t *testing.T, name, text string) {
	t.Helper()
	f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
}

// An edit re-analyses the package edited and the packages that import it,
// directly or not, and takes the others from the cache. (The edit moves
// no line of dbq: a summary of dbq's methods in the whole program names
// the line of their writes, and a change of the whole program re-runs its
// second pass, over sched, jobs and lockfactory here; see
// TestCacheWholeProgram.)
func TestCacheEditReanalysesImporters(t *testing.T) {
	t.Parallel() // each on a copy of the module, with a cache of its own
	dir := copyModule(t, "iface")
	cacheDir := t.TempDir()
	cold := runCached(t, dir, "bin1", "-cache", cacheDir, "./...")
	appendFile(t, filepath.Join(dir, "dbq", "db.go"), "\nvar Edited = 1\n")
	warm := runCached(t, dir, "bin1", "-cache", cacheDir, "./...")
	sameRun(t, "after an edit of dbq that changes no finding", cold, warm)
	// service imports dbq; cmd/app imports both.
	if want := []string{"cmd/app", "dbq", "service"}; !slices.Equal(warm.fresh, want) {
		t.Errorf("after an edit of dbq: analysed %v, want %v (from the cache: %v)", warm.fresh, want, warm.cached)
	}
}

// The whole-program passes resolve a package's interface calls against
// implementations it does not import: an edit of such an implementation
// changes the findings of a package whose own code and dependencies did
// not change. service calls Store.MarkPaid, implemented by pg, which
// service does not import.
func TestCacheWholeProgram(t *testing.T) {
	t.Parallel() // each on a copy of the module, with a cache of its own
	dir := copyModule(t, "iface")
	cacheDir := t.TempDir()
	first := runCached(t, dir, "bin1", "-cache", cacheDir, "./...")
	if !strings.Contains(first.stdout, "service/service.go:52") {
		t.Fatalf("no finding behind pg.Store.MarkPaid at service.go:52:\n%s%s", first.stdout, first.stderr)
	}
	editFile(t, filepath.Join(dir, "pg", "pg.go"), "`UPDATE invoices SET paid = true WHERE id = $1`", "`SELECT paid FROM invoices WHERE id = $1`")
	off := runCached(t, dir, "bin1", "-cache=off", "./...")
	if strings.Contains(off.stdout, "service/service.go:52") {
		t.Fatalf("pg's MarkPaid reads only, but service.go:52 is still reported without the cache:\n%s", off.stdout)
	}
	warm := runCached(t, dir, "bin1", "-cache", cacheDir, "./...")
	sameRun(t, "after an edit of pg", off, warm)
	if !slices.Contains(warm.cached, "dbq") {
		t.Errorf("after an edit of pg: dbq not from the cache (from the cache: %v)", warm.cached)
	}
	// And back: the first run's entries serve again.
	editFile(t, filepath.Join(dir, "pg", "pg.go"), "`SELECT paid FROM invoices WHERE id = $1`", "`UPDATE invoices SET paid = true WHERE id = $1`")
	again := runCached(t, dir, "bin1", "-cache", cacheDir, "./...")
	sameRun(t, "after undoing the edit of pg", first, again)
	if len(again.fresh) > 0 {
		t.Errorf("after undoing the edit of pg: analysed again %v, want every package from the cache", again.fresh)
	}
}

// A change of the configuration file or of the binary invalidates every
// entry.
func TestCacheKeyConfigAndBinary(t *testing.T) {
	t.Parallel() // each on a copy of the module, with a cache of its own
	dir := copyModule(t, "iface")
	cacheDir := t.TempDir()
	config := filepath.Join(dir, "fencecheck.json")
	if err := os.WriteFile(config, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	first := runCached(t, dir, "bin1", "-cache", cacheDir, "./...")
	if len(first.fresh) == 0 {
		t.Fatal("first run: nothing analysed")
	}
	if r := runCached(t, dir, "bin2", "-cache", cacheDir, "./..."); len(r.cached) > 0 || !slices.Equal(r.fresh, first.fresh) {
		t.Errorf("another binary: from the cache %v, analysed %v; want every package analysed", r.cached, r.fresh)
	}
	if err := os.WriteFile(config, []byte("{\"sinks\": []}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runCached(t, dir, "bin1", "-cache", cacheDir, "./..."); len(r.cached) > 0 || !slices.Equal(r.fresh, first.fresh) {
		t.Errorf("fencecheck.json changed: from the cache %v, analysed %v; want every package analysed", r.cached, r.fresh)
	}
}

// -cache=off and FENCECHECK_CACHE=off write and read nothing;
// FENCECHECK_CACHE names the directory; -cache wins over it.
func TestCacheOff(t *testing.T) {
	dir := copyModule(t, "iface")
	envDir := t.TempDir()
	// The default is under os.UserCacheDir, moved to a temporary
	// directory; the go command's cache stays where it is.
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOCACHE", strings.TrimSpace(string(gocache)))
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	entries := func(d string) int {
		n := 0
		filepath.WalkDir(d, func(path string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.Contains(e.Name(), "-") && !strings.HasPrefix(e.Name(), ".") {
				n++
			}
			return nil
		})
		return n
	}
	t.Setenv(cacheEnv, envDir)
	if r := runCached(t, dir, "bin1", "-cache=off", "./..."); len(r.cached) > 0 {
		t.Errorf("-cache=off: from the cache %v", r.cached)
	}
	if n := entries(envDir); n > 0 {
		t.Errorf("-cache=off wrote %d entries in $%s", n, cacheEnv)
	}
	runCached(t, dir, "bin1", "./...")
	if entries(envDir) == 0 {
		t.Fatalf("%s=%s: no entries written there", cacheEnv, envDir)
	}
	if r := runCached(t, dir, "bin1", "./..."); len(r.fresh) > 0 {
		t.Errorf("%s=%s, second run: analysed %v", cacheEnv, envDir, r.fresh)
	}
	t.Setenv(cacheEnv, "off")
	if r := runCached(t, dir, "bin1", "./..."); len(r.cached) > 0 {
		t.Errorf("%s=off: from the cache %v", cacheEnv, r.cached)
	}
	if userDir, err := os.UserCacheDir(); err == nil && entries(filepath.Join(userDir, "fencecheck")) > 0 {
		t.Errorf("%s=off wrote entries in the user cache directory %s", cacheEnv, userDir)
	}
	t.Setenv(cacheEnv, "")
	runCached(t, dir, "bin1", "./...")
	if userDir, err := os.UserCacheDir(); err != nil || entries(filepath.Join(userDir, "fencecheck")) == 0 {
		t.Errorf("%s unset: no entries in the user cache directory (%v)", cacheEnv, err)
	}
}

// A damaged entry is a miss, not an error, and so is one whose export data
// is missing when an importer that is not cached needs it.
func TestCacheCorruptEntries(t *testing.T) {
	t.Parallel() // each on a copy of the module, with a cache of its own
	dir := copyModule(t, "iface")
	cacheDir := t.TempDir()
	cold := runCached(t, dir, "bin1", "-cache", cacheDir, "./...")
	var files []string
	filepath.WalkDir(cacheDir, func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(e.Name(), "-r") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no entries")
	}
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		switch i % 3 {
		case 0:
			data = data[:len(data)/2] // truncated
		case 1:
			data[len(data)-1] ^= 0xff // a byte changed
		case 2:
			data = []byte("garbage")
		}
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := runCached(t, dir, "bin1", "-cache", cacheDir, "./...")
	sameRun(t, "damaged entries", cold, r)
	if len(r.cached) > 0 {
		t.Errorf("damaged entries: from the cache %v", r.cached)
	}
	// Every entry is good again; now the export data goes, and service is
	// edited: its dependencies' export data is needed and missing.
	filepath.WalkDir(cacheDir, func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(e.Name(), "-x") {
			os.Remove(path)
		}
		return nil
	})
	appendFile(t, filepath.Join(dir, "service", "service.go"), "\nvar Edited = 1\n")
	warm := runCached(t, dir, "bin1", "-cache", cacheDir, "./...")
	sameRun(t, "export data missing", cold, warm)
	if !slices.Contains(warm.cached, "sched") {
		t.Errorf("export data missing: sched not from the cache (from the cache: %v)", warm.cached)
	}
}
