// Command realworld scores fencecheck on bench/realworld's corpus: it runs
// fencecheck on every module of the extracted snapshots, prints each
// case's outcome (TP, FN, FP, TN or not scored), recall and precision, and
// every finding outside the cases' ranges, to be triaged in
// docs/precision.md.
//
//	go run ./bench/realworld/cmd/realworld -snapshots DIR [-fencecheck BIN] [-o results.json] [-compare old.json]
//
// See bench/realworld/README.md for how to obtain the snapshots.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/fencecheck/fencecheck/bench/realworld/internal/corpus"
)

// Results is the -o file: everything needed to compare two runs.
type Results struct {
	Fencecheck string           `json:"fencecheck"`
	Date       string           `json:"date"`
	Summary    corpus.Summary   `json:"summary"`
	Cases      []corpus.Result  `json:"cases"`
	Elsewhere  []corpus.Finding `json:"elsewhere"`
	Modules    []ModuleStatus   `json:"modules"`
}

// ModuleStatus records how one module's run went.
type ModuleStatus struct {
	Module   string   `json:"module"`
	Exit     int      `json:"exit"`
	Seconds  float64  `json:"seconds"`
	Findings int      `json:"findings"`
	Errors   []string `json:"errors,omitempty"`
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("realworld", flag.ContinueOnError)
	fs.SetOutput(stderr)
	casesDir := fs.String("cases", "bench/realworld/cases", "directory of case files (*.json)")
	snapshots := fs.String("snapshots", "", "directory of extracted snapshots, one <owner>+<name> tree per repository (required)")
	bin := fs.String("fencecheck", "fencecheck", "the fencecheck binary to score")
	out := fs.String("o", "", "write the results as JSON to this `file`")
	compare := fs.String("compare", "", "compare with the results `file` of an earlier run: print the findings that appeared or disappeared")
	only := fs.String("only", "", "score only the cases whose id or repository contains this `text`")
	timeout := fs.Duration("timeout", 15*time.Minute, "time limit per module")
	validate := fs.Bool("validate", false, "only load and validate the case files")
	pins := fs.Bool("pins", false, "print the pinned repositories, one \"owner/name commit\" a line, and exit")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cases, err := corpus.Load(*casesDir)
	if err != nil {
		fmt.Fprintf(stderr, "realworld: %v\n", err)
		return 2
	}
	if *only != "" {
		cases = slices.DeleteFunc(cases, func(c *corpus.Case) bool {
			return !strings.Contains(c.ID, *only) && !strings.Contains(c.Repo, *only)
		})
	}
	if *pins {
		seen := map[string]bool{}
		for _, c := range cases {
			if !seen[c.Repo] {
				seen[c.Repo] = true
				fmt.Fprintf(stdout, "%s %s\n", c.Repo, c.Commit)
			}
		}
		return 0
	}
	if *validate {
		fmt.Fprintf(stdout, "%d cases valid\n", len(cases))
		return 0
	}
	if *snapshots == "" {
		fmt.Fprintln(stderr, "realworld: -snapshots is required")
		return 2
	}
	r := &corpus.Runner{Fencecheck: *bin, Snapshots: *snapshots, Timeout: *timeout}
	res := Results{Fencecheck: version(*bin), Date: time.Now().UTC().Format(time.RFC3339)}
	var findings []corpus.Finding
	notScored := map[string]string{}
	for _, m := range corpus.Modules(cases) {
		fmt.Fprintf(stderr, "realworld: %s (%d cases) ... ", m, len(m.Cases))
		mr := r.Run(context.Background(), m)
		fmt.Fprintf(stderr, "exit %d, %d findings, %.1fs\n", mr.Exit, len(mr.Findings), mr.Elapsed.Seconds())
		findings = append(findings, mr.Findings...)
		for id, why := range mr.NotScored {
			notScored[id] = why
		}
		res.Modules = append(res.Modules, ModuleStatus{Module: m.String(), Exit: mr.Exit, Seconds: mr.Elapsed.Seconds(), Findings: len(mr.Findings), Errors: mr.Errors})
	}
	for _, cr := range corpus.JudgeAll(cases, findings) {
		if why, ok := notScored[cr.Case.ID]; ok {
			cr.Outcome, cr.Reason, cr.Via = corpus.NotScored, why, ""
		}
		res.Cases = append(res.Cases, cr)
	}
	res.Summary = corpus.Summarize(res.Cases)
	res.Elsewhere = corpus.Elsewhere(cases, findings)
	printReport(stdout, &res)
	if *out != "" {
		data, _ := json.MarshalIndent(&res, "", "  ")
		if err := os.WriteFile(*out, append(data, '\n'), 0o644); err != nil {
			fmt.Fprintf(stderr, "realworld: %v\n", err)
			return 2
		}
	}
	if *compare != "" {
		var old Results
		data, err := os.ReadFile(*compare)
		if err == nil {
			err = json.Unmarshal(data, &old)
		}
		if err != nil {
			fmt.Fprintf(stderr, "realworld: -compare: %v\n", err)
			return 2
		}
		printComparison(stdout, &old, &res)
	}
	return 0
}

// version asks the binary for its version, for the record.
func version(bin string) string {
	out, err := exec.Command(bin, "-version").Output()
	if err != nil {
		return bin
	}
	return strings.TrimSpace(string(out))
}

func printReport(w io.Writer, res *Results) {
	fmt.Fprintf(w, "| case | repository | verdict | outcome | findings in range / reason |\n|---|---|---|---|---|\n")
	for _, r := range res.Cases {
		verdict := r.Case.Verdict
		if !r.Case.IsHazard() {
			verdict = "look-alike of " + r.Case.LookalikeOf
		}
		detail := r.Reason
		if r.Outcome != corpus.NotScored {
			var codes []string
			for _, f := range r.Findings {
				codes = append(codes, fmt.Sprintf("%s@%d", f.Code, f.Line))
			}
			detail = strings.Join(codes, " ")
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", r.Case.ID, r.Case.Repo, verdict, r.Outcome, detail)
	}
	fmt.Fprintf(w, "\n%s\n", res.Summary)
	fmt.Fprintf(w, "\nFindings outside every case (%d), to triage in docs/precision.md:\n", len(res.Elsewhere))
	for _, f := range res.Elsewhere {
		fmt.Fprintf(w, "- %s: %s\n", f, f.Message)
	}
}

// printComparison lists the findings one run has and the other has not,
// and the cases whose outcome changed.
func printComparison(w io.Writer, old, cur *Results) {
	key := func(f corpus.Finding) string {
		return fmt.Sprintf("%s %s:%d:%d %s", f.Code, f.File, f.Line, f.Column, f.Repo)
	}
	set := func(r *Results) map[string]bool {
		m := map[string]bool{}
		for _, c := range r.Cases {
			for _, f := range c.Findings {
				m[key(f)] = true
			}
		}
		for _, f := range r.Elsewhere {
			m[key(f)] = true
		}
		return m
	}
	a, b := set(old), set(cur)
	fmt.Fprintf(w, "\nCompared with %s (%s):\n", old.Fencecheck, old.Date)
	diff := 0
	for _, k := range sortedKeys(a) {
		if !b[k] {
			fmt.Fprintf(w, "- gone: %s\n", k)
			diff++
		}
	}
	for _, k := range sortedKeys(b) {
		if !a[k] {
			fmt.Fprintf(w, "- new:  %s\n", k)
			diff++
		}
	}
	outcome := map[string]corpus.Outcome{}
	for _, c := range old.Cases {
		outcome[c.Case.ID] = c.Outcome
	}
	for _, c := range cur.Cases {
		if o, ok := outcome[c.Case.ID]; ok && o != c.Outcome {
			fmt.Fprintf(w, "- case %s: %s -> %s\n", c.Case.ID, o, c.Outcome)
			diff++
		}
	}
	if diff == 0 {
		fmt.Fprintln(w, "- no difference in findings or outcomes")
	}
	fmt.Fprintf(w, "before: %s\nafter:  %s\n", old.Summary, cur.Summary)
}

func sortedKeys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
