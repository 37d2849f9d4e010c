package suite

import (
	"path"
	"strings"

	"github.com/fencecheck/fencecheck/internal/checks"
)

// Two grammars name checks. A checks list (the command's -checks, the
// golangci-lint plugin's checks setting) selects from a suite; a
// suppression comment names the checks it silences. Both accept a code
// (any case), an analyzer name and a glob over codes; a list also accepts
// "all", "*" and globs over analyzer names, a comment the suite name
// ("fencecheck"), which golangci-lint's //nolint uses for the linter.

// Selects reports whether one item of a checks list names the check with
// the given code and analyzer name: "all" or "*", the code (any case),
// the name, or a glob over codes ("FC1*", any case) or names
// ("unfenced*"). A malformed glob is an error.
func Selects(item, code, name string) (bool, error) {
	if item == "all" || item == "*" || item == name || strings.EqualFold(item, code) {
		return true, nil
	}
	if !strings.ContainsAny(item, "*?[") {
		return false, nil
	}
	ok, err := path.Match(strings.ToUpper(item), code)
	if err != nil || ok {
		return ok, err
	}
	return path.Match(item, name)
}

// A SelectError says why a checks list cannot be applied. Drivers word it
// in their own terms (a flag, a setting).
type SelectError struct {
	Kind SelectErrorKind
	Item string // the item as written, "-FC9999"
	Name string // the item without its leading "-"
	// Check is the catalog check an Unavailable item names.
	Check checks.Check
	// Err is the pattern error of a BadPattern item.
	Err error
}

// SelectErrorKind classifies a SelectError.
type SelectErrorKind int

const (
	EmptyItem   SelectErrorKind = iota // "" or "-"
	BadPattern                         // a malformed glob
	Unavailable                        // names a catalog check that is not in the suite
	Unknown                            // names no check
	NoneLeft                           // the list leaves no check selected
)

func (e *SelectError) Error() string {
	switch e.Kind {
	case EmptyItem:
		return "empty item " + quote(e.Item)
	case BadPattern:
		return "bad pattern " + quote(e.Name) + ": " + e.Err.Error()
	case Unavailable:
		return e.Check.Code.String() + " is not available"
	case Unknown:
		return "unknown check " + quote(e.Item)
	}
	return "the list selects no check"
}

func quote(s string) string { return `"` + s + `"` }

// Select applies a checks list to a suite: items are applied left to
// right, each selecting what it names (Selects) or, with a leading "-",
// removing it. A list that starts with a removal starts from every check,
// so ["-FC1001"] is everything but FC1001; an empty list selects every
// check. An item that names no check of
// the suite is an error, so that a typo cannot silently turn a check off.
// The result keeps the suite's order.
func Select(suite []Check, items []string) ([]Check, error) {
	on := make([]bool, len(suite))
	if len(items) == 0 || strings.HasPrefix(strings.TrimSpace(items[0]), "-") {
		for i := range on {
			on[i] = true
		}
	}
	for _, it := range items {
		it = strings.TrimSpace(it)
		name, remove := strings.CutPrefix(it, "-")
		if name == "" {
			return nil, &SelectError{Kind: EmptyItem, Item: it, Name: name}
		}
		matched := false
		for i, c := range suite {
			ok, err := Selects(name, c.ID, c.Analyzer.Name)
			if err != nil {
				return nil, &SelectError{Kind: BadPattern, Item: it, Name: name, Err: err}
			}
			if ok {
				on[i] = !remove
				matched = true
			}
		}
		if matched {
			continue
		}
		for _, c := range checks.Catalog {
			if ok, _ := Selects(name, c.Code.String(), c.Name); ok {
				return nil, &SelectError{Kind: Unavailable, Item: it, Name: name, Check: c}
			}
		}
		return nil, &SelectError{Kind: Unknown, Item: it, Name: name}
	}
	var out []Check
	for i, c := range suite {
		if on[i] {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, &SelectError{Kind: NoneLeft}
	}
	return out, nil
}

// Ours reports whether a name in a suppression comment could only refer
// to fencecheck: the suite name, anything that starts with "FC", or an
// analyzer name of the catalog. A comment that names none of ours belongs
// to another tool.
func Ours(name string) bool {
	if name == checks.SuiteName || strings.HasPrefix(strings.ToUpper(name), "FC") {
		return true
	}
	for _, c := range checks.Catalog {
		if c.Name == name {
			return true
		}
	}
	return false
}

// Known reports whether a name in a suppression comment names a check of
// the catalog, or is another tool's.
func Known(name string) bool {
	if !Ours(name) {
		return true // another tool's name in a shared list
	}
	for _, c := range checks.Catalog {
		if Suppresses(name, c) {
			return true
		}
	}
	return false
}

// Suppresses reports whether a name in a suppression comment names check
// c: the suite name, the analyzer name, the code (any case) or a glob over
// codes.
func Suppresses(name string, c checks.Check) bool {
	code := c.Code.String()
	if name == checks.SuiteName || name == c.Name || strings.EqualFold(name, code) {
		return true
	}
	if strings.ContainsAny(name, "*?[") {
		ok, _ := path.Match(strings.ToUpper(name), code)
		return ok
	}
	return false
}
