package config

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"
)

// Fingerprint is a hash of the configuration files a run from dir reads:
// the file named, if not "", else fencecheck.json at dir's module root and
// at the root of each module of the go.work workspace above dir (unless
// GOWORK says otherwise); "" when there is none. A file that cannot be read is hashed by its error, so
// that fixing it changes the fingerprint too. Drivers whose caches do not
// know the files (go vet, golangci-lint) put it in their cache keys.
func Fingerprint(dir, named string) string {
	var files []string
	if named != "" {
		files = append(files, named)
	} else if p := Find(dir); p != "" {
		files = append(files, p)
	}
	for _, mod := range workspaceModules(dir) {
		if named != "" {
			break
		}
		p := filepath.Join(mod, FileName)
		if _, err := os.Lstat(p); err == nil && !contains(files, p) {
			files = append(files, p)
		}
	}
	if len(files) == 0 {
		return ""
	}
	h := sha256.New()
	for _, p := range files {
		data, err := ReadFile(p)
		fmt.Fprintf(h, "%s %d %v\n", p, len(data), err)
		h.Write(data)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// workspaceModules returns the directories of the modules of the go.work
// file that applies to dir: GOWORK if set (none when "off"), else the
// first go.work found walking up from dir.
func workspaceModules(dir string) []string {
	work := os.Getenv("GOWORK")
	switch work {
	case "off":
		return nil
	case "":
		for d := dir; ; {
			if p := filepath.Join(d, "go.work"); exists(p) {
				work = p
				break
			}
			parent := filepath.Dir(d)
			if parent == d {
				return nil
			}
			d = parent
		}
	}
	data, err := ReadFile(work)
	if err != nil {
		return nil
	}
	wf, err := modfile.ParseWork(work, data, nil)
	if err != nil {
		return nil
	}
	var out []string
	for _, u := range wf.Use {
		p := u.Path
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(work), p)
		}
		out = append(out, filepath.Clean(p))
	}
	return out
}
