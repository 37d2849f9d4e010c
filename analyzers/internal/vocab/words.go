package vocab

import (
	"strings"
	"unicode"
)

// Words splits an identifier or column name into lower-case words:
// "fenceToken", "fence_token" and "FENCE-TOKEN" all give [fence token];
// "HTTPHeader" gives [http header]. Name-based rules (fence-like columns,
// lease vocabulary) match whole words, not substrings.
func Words(s string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r):
			if unicode.IsUpper(r) && len(cur) > 0 {
				prev := rs[i-1]
				nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
				if unicode.IsLower(prev) || (unicode.IsUpper(prev) && nextLower) {
					flush()
				}
			}
			cur = append(cur, r)
		default: // digits, separators
			flush()
		}
	}
	flush()
	return words
}
