package model

import "go/types"

// MatchesAny reports whether fn is one of fs.
func MatchesAny(fs []Func, fn *types.Func) bool {
	for _, f := range fs {
		if f.Matches(fn) {
			return true
		}
	}
	return false
}
