// Command sweepreport summarises the output of bench/sweep/run.sh: for each
// batch directory (batch-NAME/ with packages.txt, findings.jsonl,
// stderr.txt, time.txt and rc) it counts packages, lines of Go, findings by
// code, fencecheck internal errors (recovered panics), other analysis
// errors, packages that failed to load or type-check, and crashes, and it
// lists every finding. It exits with status 3 when fencecheck crashed or
// reported an internal or analysis error.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
)

type location struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

type finding struct {
	ID       string `json:"id"`
	Batch    string `json:"batch"`
	Code     string `json:"code"`
	Analyzer string `json:"analyzer"`
	Location location
	Message  string `json:"message"`
	Related  []struct {
		Location location `json:"location"`
		Message  string   `json:"message"`
	} `json:"related"`
}

type loadError struct {
	Package string `json:"package"`
	Root    bool   `json:"root"` // one of the batch's packages (else a dependency)
	Message string `json:"message"`
}

type batch struct {
	Name           string         `json:"name"`
	Packages       int            `json:"packages"`
	Lines          int            `json:"lines"` // non-test .go lines of the packages
	ExitStatus     int            `json:"exit_status"`
	Findings       int            `json:"findings"`
	ByCode         map[string]int `json:"findings_by_code"`
	InternalErrors []string       `json:"internal_errors"` // "fencecheck internal error" (recovered panics)
	AnalysisErrors []string       `json:"analysis_errors"` // other analyzer errors
	LoadErrors     []loadError    `json:"load_errors"`     // packages that did not load or type-check
	RootsNotLoaded []string       `json:"roots_not_loaded"`
	Crash          string         `json:"crash,omitempty"` // the process died (panic, signal)
	WallSeconds    float64        `json:"wall_seconds"`
	UserSeconds    float64        `json:"user_seconds"`
	SysSeconds     float64        `json:"sys_seconds"`
	MaxRSSKiB      int            `json:"max_rss_kib"`
	findings       []finding
}

var analyzerNames = map[string]bool{"fenceengine": true}

func main() {
	dir := flag.String("dir", "out", "the sweep's output directory")
	mdOut := flag.String("md", "", "write the Markdown summary here (default stdout)")
	jsonOut := flag.String("json", "", "write the JSON summary here")
	flag.Parse()

	for _, n := range strings.Fields("suppression unfencedwrite uncheckedfence unfenceableeffect checkthenact splitfencecheck randomfence volatilefence wallclockttl unsaferelease ignoredleaseloss") {
		analyzerNames[n] = true
	}
	modcache := goEnv("GOMODCACHE")
	goroot := goEnv("GOROOT")

	dirs, _ := filepath.Glob(filepath.Join(*dir, "batch-*"))
	sort.Slice(dirs, func(i, j int) bool { return order(dirs[i]) < order(dirs[j]) })
	var batches []*batch
	n := 0
	for _, d := range dirs {
		b, err := readBatch(d, modcache, goroot)
		if err != nil {
			fmt.Fprintf(os.Stderr, "sweepreport: %s: %v\n", d, err)
			os.Exit(1)
		}
		for i := range b.findings {
			n++
			b.findings[i].ID = fmt.Sprintf("F%d", n)
		}
		batches = append(batches, b)
	}
	if len(batches) == 0 {
		fmt.Fprintf(os.Stderr, "sweepreport: no batch-* directories in %s\n", *dir)
		os.Exit(1)
	}

	var md bytes.Buffer
	writeMarkdown(&md, batches)
	if *mdOut == "" {
		os.Stdout.Write(md.Bytes())
	} else if err := os.WriteFile(*mdOut, md.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "sweepreport:", err)
		os.Exit(1)
	}
	if *jsonOut != "" {
		type out struct {
			Batches  []*batch  `json:"batches"`
			Findings []finding `json:"findings"`
		}
		var o out
		o.Batches = batches
		for _, b := range batches {
			o.Findings = append(o.Findings, b.findings...)
		}
		data, _ := json.MarshalIndent(o, "", "  ")
		if err := os.WriteFile(*jsonOut, append(data, '\n'), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "sweepreport:", err)
			os.Exit(1)
		}
	}
	// fencecheck's own failures make the sweep fail; findings and packages
	// that do not load do not.
	failed := 0
	for _, b := range batches {
		failed += len(b.InternalErrors) + len(b.AnalysisErrors)
		if b.Crash != "" {
			failed++
		}
	}
	if failed > 0 {
		fmt.Fprintf(os.Stderr, "sweepreport: %d fencecheck crashes, internal or analysis errors\n", failed)
		os.Exit(3)
	}
}

// order keeps the batches in run.sh's order.
func order(d string) int {
	names := []string{"std", "client-go", "etcd", "grpc", "locks"}
	i := slices.Index(names, strings.TrimPrefix(filepath.Base(d), "batch-"))
	if i < 0 {
		return len(names)
	}
	return i
}

func goEnv(name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

func readBatch(d, modcache, goroot string) (*batch, error) {
	b := &batch{Name: strings.TrimPrefix(filepath.Base(d), "batch-"), ByCode: map[string]int{}}
	pkgsData, err := os.ReadFile(filepath.Join(d, "packages.txt"))
	if err != nil {
		return nil, err
	}
	pkgs := strings.Fields(string(pkgsData))
	b.Packages = len(pkgs)
	roots := map[string]bool{}
	for _, p := range pkgs {
		roots[p] = true
	}
	if b.Lines, err = countLines(filepath.Dir(d), pkgs); err != nil {
		return nil, err
	}

	if rc, err := os.ReadFile(filepath.Join(d, "rc")); err == nil {
		b.ExitStatus, _ = strconv.Atoi(strings.TrimSpace(string(rc)))
	} else {
		b.ExitStatus = -1
	}

	// Findings.
	f, err := os.Open(filepath.Join(d, "findings.jsonl"))
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var fd finding
		if err := json.Unmarshal(sc.Bytes(), &fd); err != nil {
			f.Close()
			return nil, fmt.Errorf("findings.jsonl: %v", err)
		}
		fd.Batch = b.Name
		fd.Location.File = shorten(fd.Location.File, modcache, goroot)
		for i := range fd.Related {
			fd.Related[i].Location.File = shorten(fd.Related[i].Location.File, modcache, goroot)
		}
		b.findings = append(b.findings, fd)
		b.ByCode[fd.Code]++
	}
	f.Close()
	b.Findings = len(b.findings)

	// Errors.
	stderr, err := os.ReadFile(filepath.Join(d, "stderr.txt"))
	if err != nil {
		return nil, err
	}
	classifyStderr(b, string(stderr), roots)
	if b.ExitStatus != 0 && b.ExitStatus != 1 && b.ExitStatus != 2 && b.Crash == "" {
		b.Crash = fmt.Sprintf("exit status %d", b.ExitStatus)
	}

	// Resources.
	if t, err := os.ReadFile(filepath.Join(d, "time.txt")); err == nil {
		parseTime(b, string(t))
	}
	return b, nil
}

// classifyStderr splits fencecheck's stderr into entries ("fencecheck: ..."
// and its continuation lines) and sorts them into internal errors, other
// analysis errors ("PKG: ANALYZER: error") and load errors ("PKG: ...").
// Anything before the first entry that looks like a Go crash is a crash.
func classifyStderr(b *batch, s string, roots map[string]bool) {
	var entries []string
	var pre strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		if rest, ok := strings.CutPrefix(line, "fencecheck: "); ok {
			entries = append(entries, rest)
			continue
		}
		if len(entries) == 0 {
			pre.WriteString(line)
		} else {
			entries[len(entries)-1] += line
		}
	}
	if p := pre.String(); regexp.MustCompile(`(?m)^(panic: |fatal error: |runtime: out of memory|Killed)`).MatchString(p) {
		first, _, _ := strings.Cut(strings.TrimSpace(p), "\n")
		b.Crash = first
	}
	notLoaded := map[string]bool{}
	for _, e := range entries {
		if strings.Contains(e, "fencecheck internal error") {
			first, _, _ := strings.Cut(e, "\n")
			b.InternalErrors = append(b.InternalErrors, strings.TrimSpace(first))
			continue
		}
		pkg, rest, _ := strings.Cut(e, ": ")
		an, _, _ := strings.Cut(rest, ": ")
		if analyzerNames[an] {
			first, _, _ := strings.Cut(e, "\n")
			b.AnalysisErrors = append(b.AnalysisErrors, strings.TrimSpace(first))
			continue
		}
		first, _, _ := strings.Cut(strings.TrimSpace(e), "\n")
		b.LoadErrors = append(b.LoadErrors, loadError{Package: pkg, Root: roots[pkg], Message: first})
		if roots[pkg] {
			notLoaded[pkg] = true
		}
	}
	for p := range notLoaded {
		b.RootsNotLoaded = append(b.RootsNotLoaded, p)
	}
	sort.Strings(b.RootsNotLoaded)
}

func parseTime(b *batch, s string) {
	for _, line := range strings.Split(s, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ": ")
		if !ok {
			if strings.HasPrefix(strings.TrimSpace(line), "Command terminated by signal") && b.Crash == "" {
				b.Crash = strings.TrimSpace(line)
			}
			continue
		}
		switch k {
		case "User time (seconds)":
			b.UserSeconds, _ = strconv.ParseFloat(v, 64)
		case "System time (seconds)":
			b.SysSeconds, _ = strconv.ParseFloat(v, 64)
		case "Maximum resident set size (kbytes)":
			b.MaxRSSKiB, _ = strconv.Atoi(v)
		case "Elapsed (wall clock) time (h:mm:ss or m:ss)":
			b.WallSeconds = parseClock(v)
		}
	}
}

// parseClock parses h:mm:ss or m:ss.ss.
func parseClock(v string) float64 {
	var secs float64
	for _, part := range strings.Split(v, ":") {
		x, _ := strconv.ParseFloat(part, 64)
		secs = secs*60 + x
	}
	return secs
}

// countLines counts the lines of the non-test Go files (GoFiles and
// CgoFiles for this GOOS/GOARCH) of the packages, as go list reports them.
func countLines(dir string, pkgs []string) (int, error) {
	if len(pkgs) == 0 {
		return 0, nil
	}
	cmd := exec.Command("go", append([]string{"list", "-e", "-json=ImportPath,Dir,GoFiles,CgoFiles"}, pkgs...)...)
	cmd.Dir = filepath.Join(dir, "..") // the sweep module (out/ is inside it by default)
	if _, err := os.Stat(filepath.Join(cmd.Dir, "go.mod")); err != nil {
		cmd.Dir = "" // out/ elsewhere: run where we were started
	}
	cmd.Stderr = io.Discard
	data, err := cmd.Output()
	if err != nil && len(data) == 0 {
		return 0, fmt.Errorf("go list: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	total := 0
	for {
		var p struct {
			Dir               string
			GoFiles, CgoFiles []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return 0, err
		}
		for _, f := range append(p.GoFiles, p.CgoFiles...) {
			data, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				continue
			}
			total += bytes.Count(data, []byte("\n"))
			if len(data) > 0 && data[len(data)-1] != '\n' {
				total++
			}
		}
	}
	return total, nil
}

func shorten(file, modcache, goroot string) string {
	if modcache != "" {
		if r, ok := strings.CutPrefix(file, modcache+string(filepath.Separator)); ok {
			return r
		}
	}
	if goroot != "" {
		if r, ok := strings.CutPrefix(file, filepath.Join(goroot, "src")+string(filepath.Separator)); ok {
			return "$GOROOT/src/" + r
		}
	}
	return file
}

func codes(batches []*batch) []string {
	set := map[string]bool{}
	for _, b := range batches {
		for c := range b.ByCode {
			set[c] = true
		}
	}
	var out []string
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

func writeMarkdown(w *bytes.Buffer, batches []*batch) {
	cs := codes(batches)
	fmt.Fprintf(w, "| batch | packages | lines (non-test) | exit | findings | %s | internal errors | other analysis errors | packages not loaded | crash | wall s | CPU s | peak RSS MiB |\n", strings.Join(cs, " | "))
	fmt.Fprintf(w, "|---|---:|---:|---:|---:|%s---:|---:|---:|---:|---|---:|---:|---:|\n", strings.Repeat("---:|", len(cs)))
	var tot batch
	tot.ByCode = map[string]int{}
	crashes := 0
	for _, b := range batches {
		var per []string
		for _, c := range cs {
			per = append(per, strconv.Itoa(b.ByCode[c]))
			tot.ByCode[c] += b.ByCode[c]
		}
		crash := "no"
		if b.Crash != "" {
			crash = b.Crash
			crashes++
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %s | %d | %d | %d | %s | %.1f | %.1f | %d |\n",
			b.Name, b.Packages, b.Lines, b.ExitStatus, b.Findings, strings.Join(per, " | "),
			len(b.InternalErrors), len(b.AnalysisErrors), len(b.RootsNotLoaded), crash,
			b.WallSeconds, b.UserSeconds+b.SysSeconds, b.MaxRSSKiB/1024)
		tot.Packages += b.Packages
		tot.Lines += b.Lines
		tot.Findings += b.Findings
		tot.InternalErrors = append(tot.InternalErrors, b.InternalErrors...)
		tot.AnalysisErrors = append(tot.AnalysisErrors, b.AnalysisErrors...)
		tot.RootsNotLoaded = append(tot.RootsNotLoaded, b.RootsNotLoaded...)
		tot.WallSeconds += b.WallSeconds
		tot.UserSeconds += b.UserSeconds + b.SysSeconds
		tot.MaxRSSKiB = max(tot.MaxRSSKiB, b.MaxRSSKiB)
	}
	var per []string
	for _, c := range cs {
		per = append(per, strconv.Itoa(tot.ByCode[c]))
	}
	fmt.Fprintf(w, "| **total** | %d | %d | | %d | %s | %d | %d | %d | %d crashed | %.1f | %.1f | %d (max) |\n\n",
		tot.Packages, tot.Lines, tot.Findings, strings.Join(per, " | "),
		len(tot.InternalErrors), len(tot.AnalysisErrors), len(tot.RootsNotLoaded), crashes,
		tot.WallSeconds, tot.UserSeconds, tot.MaxRSSKiB/1024)

	section := func(title string, items []string) {
		fmt.Fprintf(w, "### %s (%d)\n\n", title, len(items))
		for _, it := range items {
			fmt.Fprintf(w, "- %s\n", it)
		}
		if len(items) > 0 {
			fmt.Fprintln(w)
		}
	}
	var internal, analysis, load []string
	for _, b := range batches {
		for _, e := range b.InternalErrors {
			internal = append(internal, b.Name+": "+e)
		}
		for _, e := range b.AnalysisErrors {
			analysis = append(analysis, b.Name+": "+e)
		}
		for _, e := range b.LoadErrors {
			kind := "dependency"
			if e.Root {
				kind = "swept package"
			}
			load = append(load, fmt.Sprintf("%s (%s): `%s`", b.Name, kind, e.Message))
		}
		if b.Crash != "" {
			fmt.Fprintf(w, "**%s crashed**: %s\n\n", b.Name, b.Crash)
		}
	}
	section("fencecheck internal errors (recovered panics)", internal)
	section("other analysis errors", analysis)
	section("load and type-check errors (not fencecheck's)", load)

	fmt.Fprintf(w, "### Findings\n\n")
	for _, b := range batches {
		for _, f := range b.findings {
			fmt.Fprintf(w, "- **%s** %s `%s:%d:%d` (%s): %s\n", f.ID, f.Code, f.Location.File, f.Location.Line, f.Location.Column, b.Name, f.Message)
			for _, r := range f.Related {
				fmt.Fprintf(w, "  - `%s:%d:%d`: %s\n", r.Location.File, r.Location.Line, r.Location.Column, r.Message)
			}
		}
	}
}
