//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fencecheck/fencecheck/analyzers"
)

// -config names a regular file or a pipe: a device, directly or through
// a link, is one clear error at once, not a read that never ends.
func TestConfigDevice(t *testing.T) {
	link := filepath.Join(t.TempDir(), "fencecheck.json")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/dev/zero", link} {
		start := time.Now()
		code, stdout, stderr := runCmd(t, analyzers.All, "testdata/unit", "-config", path, "./...")
		want := "fencecheck: -config: reading configuration: " + path + ": not a regular file or a pipe (a character device), so it is not read as a configuration\n"
		if code != exitError || stdout != "" || stderr != want {
			t.Errorf("-config %s: exit %d, stdout %q, stderr %q; want 2 and %q", path, code, stdout, stderr, want)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("-config %s took %v", path, d)
		}
	}
}

// -config - and -config <(...) read the configuration from a pipe.
func TestConfigStdin(t *testing.T) {
	if testing.Short() {
		t.Skip("builds fencecheck")
	}
	bin := buildBinary(t)
	dir, err := filepath.Abs("testdata/e2e/selection")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-config", "-", "./...")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(`{"lokcs": []}`)
	out, _ := cmd.CombinedOutput()
	if want := "fencecheck: -config: <stdin>:1:2: invalid fencecheck configuration: unknown key \"lokcs\""; !strings.HasPrefix(string(out), want) {
		t.Errorf("-config - with a bad file: %s\nwant %s", out, want)
	}
	if _, err := exec.LookPath("bash"); err != nil {
		return
	}
	cmd = exec.Command("bash", "-c", bin+` -checks FC1001 -config <(echo '{"fences": []}') ./...`)
	cmd.Dir = dir
	out, _ = cmd.CombinedOutput()
	if !strings.Contains(string(out), "(FC1001)") {
		t.Errorf("-config <(...): %s", out)
	}
}
