package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// goCommandError turns a failure of the go command, as go/packages reports
// it ("err: exit status 1: stderr: go: ..."), into a message that says what
// is wrong and what to do, in the user's terms: one line for the failures
// it knows, else the go command's message, whole.
func goCommandError(err error) string {
	msg := err.Error()
	if strings.Contains(msg, "go command required, not found") {
		return "the go command is not on PATH: fencecheck runs it to list packages; install Go or add its bin directory to PATH"
	}
	stderr := msg
	if _, after, ok := strings.Cut(msg, "stderr: "); ok {
		stderr = after
	}
	stderr = strings.TrimSpace(stderr)
	first, _, _ := strings.Cut(stderr, "\n")
	first = strings.TrimPrefix(strings.TrimSpace(first), "go: ")
	switch {
	case strings.Contains(stderr, "go.mod file not found"):
		return noModule
	case strings.Contains(stderr, "failed to initialize build cache"):
		if m := cacheRE.FindStringSubmatch(stderr); m != nil {
			return "the Go build cache " + m[1] + " cannot be used (" + strings.TrimSpace(m[2]) + "): set GOCACHE to a writable directory"
		}
		return "the Go build cache cannot be used: " + first + "; set GOCACHE to a writable directory"
	case goVersionRE.MatchString(stderr):
		m := goVersionRE.FindStringSubmatch(stderr)
		return "go.mod requires go >= " + m[1] + ", but the go command on PATH is go " + m[2] + " (" + m[3] + "): install Go " + m[1] + " or later, or let the go command fetch it (GOTOOLCHAIN=auto)"
	}
	if first == "" {
		return "go list failed: " + oneLine(msg)
	}
	return "go list failed: " + whole(stderr)
}

// whole keeps a go command message of several lines whole ("inconsistent
// vendoring in DIR:" is followed by what is inconsistent and what to do),
// without the "go: " prefixes, blank lines and trailing space; the lines
// after the first are indented, as the go command indents them.
func whole(stderr string) string {
	var lines []string
	for _, l := range strings.Split(stderr, "\n") {
		l = strings.TrimRight(l, " \t\r")
		if strings.TrimSpace(l) == "" {
			continue
		}
		if len(lines) == 0 {
			lines = append(lines, strings.TrimPrefix(strings.TrimSpace(l), "go: "))
			continue
		}
		if !strings.HasPrefix(l, "\t") && !strings.HasPrefix(l, " ") {
			l = "\t" + strings.TrimPrefix(l, "go: ")
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}

// noModule is the message for a run outside any module, whether the go
// command fails ("go.mod file not found", for ".") or reports the pattern
// ("directory prefix . does not contain main module", for "./...").
const noModule = "no go.mod in the current directory or any parent: run fencecheck inside a Go module (go mod init creates one) or name packages of one"

// inModule reports whether dir or a parent holds a go.mod (or a go.work).
func inModule(dir string) bool {
	for d := dir; ; {
		for _, f := range []string{"go.mod", "go.work"} {
			if _, err := os.Stat(filepath.Join(d, f)); err == nil {
				return true
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return false
		}
		d = parent
	}
}

var (
	cacheRE     = regexp.MustCompile(`failed to initialize build cache at (\S+): (.*)`)
	goVersionRE = regexp.MustCompile(`requires go >= (\S+) \(running go (\S+); ([^)]*)\)`)
)

// oneLine joins the lines of a message, dropping their indentation.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
