package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/fencecheck/fencecheck/internal/suite"
)

// A check is one analyzer of the suite under its public code.
type check = suite.Check

// selectChecks applies a -checks list to the suite.
//
// The list is comma-separated and applied left to right (suite.Select):
// each item is "all" (or "*"), a code ("FC1001", any case), an analyzer
// name ("unfencedwrite") or a glob over codes or names ("FC1*"); a leading
// "-" removes what the item names. A list that starts with a removal
// starts from all checks, so "-FC1001" means "everything but FC1001".
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
	out, err := suite.Select(all, items)
	var se *suite.SelectError
	if !errors.As(err, &se) {
		return out, err
	}
	switch se.Kind {
	case suite.BadPattern:
		return nil, fmt.Errorf("-checks: bad pattern %q: %v", se.Name, se.Err)
	case suite.Unavailable:
		return nil, fmt.Errorf("-checks: check %s is not available in this version of fencecheck", se.Check.Code)
	case suite.NoneLeft:
		return nil, fmt.Errorf("-checks %q selects no check", list)
	}
	return nil, fmt.Errorf("-checks: unknown check %q (fencecheck -list shows the checks)", se.Name)
}
