// Command perfreport prints bench/perf/run.sh's measurements as Markdown:
// per workload a table of wall time, CPU time (user+sys), peak RSS and the
// machine's load average (1 min) before and after every tool's run, and the
// ratios the performance targets are stated in.
//
//	perfreport -dir out client-go locks
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

type run struct {
	ok         bool
	rc         string
	wall, cpu  float64
	rssKiB     int
	terminated string
	load       string // 1-minute load average before and after the run, if recorded
}

var tools = []struct{ name, desc string }{
	{"fencecheck", "fencecheck standalone (all checks, -tests), cold: empty results cache"},
	{"fencecheck-warm", "fencecheck, warm: nothing changed"},
	{"fencecheck-edit", "fencecheck, one file edited"},
	{"fencecheck-nocache", "fencecheck -cache=off"},
	{"vettool", "go vet -vettool=fencecheck"},
	{"vet", "go vet (default analyzers)"},
	{"staticcheck", "staticcheck v0.8.2 -checks all"},
	{"floor", "floor: no-op analyzer, deps from source (x/tools checker, facts)"},
	{"floorssa", "floor + buildssa (SSA floor)"},
	{"floorexport", "floor, deps from export data (no facts)"},
}

func main() {
	dir := flag.String("dir", "out", "bench/perf output directory")
	flag.Parse()
	for _, w := range flag.Args() {
		report(*dir, w)
	}
}

func read(dir, w, tool string) run {
	var r run
	data, err := os.ReadFile(filepath.Join(dir, w, tool+".time"))
	if err != nil {
		return r
	}
	r.ok = true
	if rc, err := os.ReadFile(filepath.Join(dir, w, tool+".rc")); err == nil {
		r.rc = strings.TrimSpace(string(rc))
	}
	if load, err := os.ReadFile(filepath.Join(dir, w, tool+".load")); err == nil {
		var ones []string
		for _, line := range strings.Split(strings.TrimSpace(string(load)), "\n") {
			if f := strings.Fields(line); len(f) > 0 {
				ones = append(ones, f[0])
			}
		}
		r.load = strings.Join(ones, " → ")
	}
	var user, sys float64
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "Command terminated by signal") {
			r.terminated = line
		}
		k, v, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		switch k {
		case "User time (seconds)":
			user, _ = strconv.ParseFloat(v, 64)
		case "System time (seconds)":
			sys, _ = strconv.ParseFloat(v, 64)
		case "Maximum resident set size (kbytes)":
			r.rssKiB, _ = strconv.Atoi(v)
		case "Elapsed (wall clock) time (h:mm:ss or m:ss)":
			for _, part := range strings.Split(v, ":") {
				x, _ := strconv.ParseFloat(part, 64)
				r.wall = r.wall*60 + x
			}
		}
	}
	r.cpu = user + sys
	return r
}

func report(dir, w string) {
	pkgs := 0
	if data, err := os.ReadFile(filepath.Join(dir, w, "packages.txt")); err == nil {
		pkgs = len(strings.Fields(string(data)))
	}
	fmt.Printf("### %s (%d packages)\n\n", w, pkgs)
	fmt.Printf("| tool | wall s | CPU s (user+sys) | peak RSS MiB | exit | load (1 min) before → after |\n|---|---:|---:|---:|---:|---:|\n")
	runs := map[string]run{}
	for _, t := range tools {
		r := read(dir, w, t.name)
		runs[t.name] = r
		if !r.ok {
			fmt.Printf("| %s | – | – | – | not run | – |\n", t.desc)
			continue
		}
		exit := r.rc
		if r.terminated != "" {
			exit += " (" + r.terminated + ")"
		}
		load := r.load
		if load == "" {
			load = "–"
		}
		fmt.Printf("| %s | %.1f | %.1f | %d | %s | %s |\n", t.desc, r.wall, r.cpu, r.rssKiB/1024, exit, load)
	}
	fmt.Println()
	fmt.Printf("| ratio | value | target | met |\n|---|---:|---:|---|\n")
	ratio := func(label, a, b string, f func(run) float64, target float64) {
		ra, rb := runs[a], runs[b]
		if !ra.ok || !rb.ok || f(rb) == 0 {
			fmt.Printf("| %s | – | ≤ %.2f | not measured |\n", label, target)
			return
		}
		v := math.Round(f(ra)/f(rb)*100) / 100 // decided on the printed value
		met := "yes"
		if v > target {
			met = "**no**"
		}
		fmt.Printf("| %s | %.2f | ≤ %.2f | %s |\n", label, v, target, met)
	}
	wall := func(r run) float64 { return r.wall }
	rss := func(r run) float64 { return float64(r.rssKiB) }
	cpu := func(r run) float64 { return r.cpu }
	ratio("fencecheck / staticcheck, wall", "fencecheck", "staticcheck", wall, 0.5)
	ratio("fencecheck / staticcheck, peak RSS", "fencecheck", "staticcheck", rss, 0.7)
	ratio("vet -vettool=fencecheck / go vet, wall", "vettool", "vet", wall, 1.2)
	ratio("fencecheck / SSA floor, wall", "fencecheck", "floorssa", wall, 1.3)
	ratio("fencecheck warm / cold, wall", "fencecheck-warm", "fencecheck", wall, 0.1)
	ratio("fencecheck one-file edit / cold, wall", "fencecheck-edit", "fencecheck", wall, 0.3)
	fmt.Println()
	if edit, err := os.ReadFile(filepath.Join(dir, w, "edit.txt")); err == nil {
		fmt.Printf("The edit: a function appended to %s.", strings.TrimSpace(string(edit)))
		if kib, err := os.ReadFile(filepath.Join(dir, w, "fccache.kib")); err == nil {
			fmt.Printf(" The results cache took %s MiB after the three runs.", mib(strings.TrimSpace(string(kib))))
		}
		fmt.Printf(" Cache ratios by CPU: warm / cold %s, edit / cold %s; cold / -cache=off wall %s (the cost of writing the cache).\n\n",
			fmtRatio(runs["fencecheck-warm"], runs["fencecheck"], cpu),
			fmtRatio(runs["fencecheck-edit"], runs["fencecheck"], cpu),
			fmtRatio(runs["fencecheck"], runs["fencecheck-nocache"], wall))
	}
	fmt.Printf("Other ratios (no target): fencecheck / staticcheck CPU %s; vettool / vet CPU %s; fencecheck / SSA floor CPU %s, RSS %s; fencecheck / type-check floor wall %s; SSA floor / export-data floor wall %s.\n\n",
		fmtRatio(runs["fencecheck"], runs["staticcheck"], cpu),
		fmtRatio(runs["vettool"], runs["vet"], cpu),
		fmtRatio(runs["fencecheck"], runs["floorssa"], cpu),
		fmtRatio(runs["fencecheck"], runs["floorssa"], rss),
		fmtRatio(runs["fencecheck"], runs["floor"], wall),
		fmtRatio(runs["floorssa"], runs["floorexport"], wall))
}

func mib(kib string) string {
	k, err := strconv.Atoi(kib)
	if err != nil {
		return "?"
	}
	return strconv.Itoa((k + 512) / 1024)
}

func fmtRatio(a, b run, f func(run) float64) string {
	if !a.ok || !b.ok || f(b) == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", f(a)/f(b))
}
