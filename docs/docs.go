// Package docs holds fencecheck's documentation. The check pages under
// checks/ are embedded so that `fencecheck -explain`, the analyzers' Doc
// strings, SARIF rule help and the web pages all come from one text.
package docs

import (
	"embed"
	"strings"
)

//go:embed checks/*.md
var checks embed.FS

// BaseURL is where the documentation is published.
const BaseURL = "https://github.com/fencecheck/fencecheck/blob/main/docs/checks/"

// URL returns the documentation address of a check.
func URL(code string) string { return BaseURL + code + ".md" }

// Page returns the Markdown page of a check, or false, without the
// <!-- check: ... --> comments that make its examples tests (see
// contributing.md).
func Page(code string) (string, bool) {
	b, err := checks.ReadFile("checks/" + code + ".md")
	if err != nil {
		return "", false
	}
	return stripChecks(string(b)), true
}

// stripChecks removes the <!-- check: ... --> comments of a page (one line,
// or up to a line "-->"), and the blank line after one that stood between
// blank lines.
func stripChecks(page string) string {
	lines := strings.Split(page, "\n")
	out := lines[:0]
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "<!-- check:") {
			out = append(out, lines[i])
			continue
		}
		for !strings.HasSuffix(lines[i], "-->") && i+1 < len(lines) {
			i++
		}
		if len(out) > 0 && out[len(out)-1] == "" && i+1 < len(lines) && lines[i+1] == "" {
			i++
		}
	}
	return strings.Join(out, "\n")
}

// Title returns the page's first heading without the code prefix:
// "# FC1001 unfencedwrite: write without the fencing token" gives
// "write without the fencing token".
func Title(code string) string {
	p, ok := Page(code)
	if !ok {
		return ""
	}
	first, _, _ := strings.Cut(p, "\n")
	first = strings.TrimLeft(first, "# ")
	if _, t, ok := strings.Cut(first, ": "); ok {
		return t
	}
	return first
}

// Summary returns the page's first paragraph after the title.
func Summary(code string) string {
	p, ok := Page(code)
	if !ok {
		return ""
	}
	_, rest, _ := strings.Cut(p, "\n")
	rest = strings.TrimLeft(rest, "\n")
	para, _, _ := strings.Cut(rest, "\n\n")
	return strings.Join(strings.Fields(para), " ")
}

// AnalyzerDoc is the go/analysis Doc string of a check: title line, blank
// line, summary, following the x/tools convention.
func AnalyzerDoc(code string) string {
	t := Title(code)
	if t == "" {
		return code
	}
	return code + ": " + t + "\n\n" + Summary(code) + "\n\nSee " + URL(code)
}
