package main

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/docs"
	"golang.org/x/tools/go/analysis"
)

// A check is one analyzer of the suite under its public code.
type check struct {
	code     string // "FC1001"
	analyzer *analysis.Analyzer
}

// suite pairs each analyzer with its code, in code order.
func suite(as []*analysis.Analyzer) []check {
	var out []check
	for _, a := range as {
		out = append(out, check{code: codeOf(a), analyzer: a})
	}
	slices.SortStableFunc(out, func(a, b check) int { return strings.Compare(a.code, b.code) })
	return out
}

// selectChecks applies a -checks list to the suite.
//
// The list is comma-separated and applied left to right. Each item is
// "all" (or "*"), a code ("FC1001", any case), an analyzer name
// ("unfencedwrite") or a glob over codes or names ("FC1*"); a leading "-"
// removes what the item names. A list that starts with a removal starts
// from all checks, so "-FC1001" means "everything but FC1001".
//
// An item that names no check is an error: a typo in a CI configuration
// must not silently turn a check off.
func selectChecks(all []check, list string) ([]check, error) {
	var items []string
	for _, it := range strings.Split(list, ",") {
		if it = strings.TrimSpace(it); it != "" {
			items = append(items, it)
		}
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("-checks: empty list")
	}
	on := make([]bool, len(all))
	if strings.HasPrefix(items[0], "-") {
		for i := range on {
			on[i] = true
		}
	}
	for _, it := range items {
		name, remove := strings.CutPrefix(it, "-")
		matched := false
		for i, c := range all {
			ok, err := selects(name, c)
			if err != nil {
				return nil, fmt.Errorf("-checks: bad pattern %q: %v", name, err)
			}
			if ok {
				on[i] = !remove
				matched = true
			}
		}
		if !matched {
			if _, ok := docs.Page(strings.ToUpper(name)); ok {
				return nil, fmt.Errorf("-checks: check %s is not available in this version of fencecheck", strings.ToUpper(name))
			}
			return nil, fmt.Errorf("-checks: unknown check %q (fencecheck -list shows the checks)", name)
		}
	}
	var out []check
	for i, c := range all {
		if on[i] {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("-checks %q selects no check", list)
	}
	return out, nil
}

// selects reports whether one -checks item names c.
func selects(name string, c check) (bool, error) {
	if name == "all" || name == "*" || name == c.analyzer.Name || strings.EqualFold(name, c.code) {
		return true, nil
	}
	if !strings.ContainsAny(name, "*?[") {
		return false, nil
	}
	ok, err := path.Match(strings.ToUpper(name), c.code)
	if err != nil || ok {
		return ok, err
	}
	return path.Match(name, c.analyzer.Name)
}

// codeOf returns an analyzer's check code. The catalog that maps names to
// codes is internal to the analyzers tree, so the code is read from what
// every check analyzer publishes: its URL is docs.URL(code) and its Doc
// starts with "CODE: title". An analyzer with neither is known by its name.
func codeOf(a *analysis.Analyzer) string {
	if code, ok := strings.CutPrefix(a.URL, docs.BaseURL); ok {
		if code, ok := strings.CutSuffix(code, ".md"); ok && isCode(code) {
			return code
		}
	}
	if code, _, ok := strings.Cut(a.Doc, ":"); ok && isCode(code) {
		return code
	}
	return a.Name
}

// isCode reports whether s looks like a check code: "FC" and four digits.
func isCode(s string) bool {
	return len(s) == 6 && strings.HasPrefix(s, "FC") && strings.Trim(s[2:], "0123456789") == ""
}
