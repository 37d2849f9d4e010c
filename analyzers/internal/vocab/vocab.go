// Package vocab is fencecheck's vocabulary: the word lists by which a name
// (an identifier, a column, a table, a key) says what it holds, and the one
// way names are split into words and matched against a list.
//
// Every list declares its Rule. Most are Word lists: a name matches when one
// of its words is in the list, so "term" matches term_id but not
// terminal_id. Stem lists accept words that start with an entry
// ("expir" in expires_at); Substring lists are for free-form text whose
// words are not delimited, such as Redis keys ("mylock:billing").
//
// Lists live here, not in the knowledge base of a library (package model):
// they describe how people name things, whichever library they use.
package vocab

import "strings"

// A Rule says how a name matches a List.
type Rule int

const (
	// Word: one of the name's words (see Words) is an entry.
	Word Rule = iota
	// Stem: one of the name's words starts with an entry. An entry of
	// three letters or fewer must be the whole word ("exp" matches exp
	// but not export).
	Stem
	// Substring: the lower-cased name contains an entry anywhere.
	Substring
)

// minStem is the shortest entry a Stem list matches as a prefix: shorter
// entries ("exp", "ttl") are too common at the start of unrelated words.
const minStem = 4

// A List is a set of lower-case words with the rule that matches a name
// against them.
type List struct {
	Rule  Rule
	Words []string
}

// compounds are words that contain an entry of a Substring list but name
// something else: a leaderboard is no leader, a block or a clock no lock,
// a release (of stock, of a version) no lease. A Substring match does not
// look inside them (leaderboard:day:, release:timeout:, but still
// dist_lock, clockLock, lease:release).
var compounds = []string{"leaderboard", "block", "clock", "release", "please"}

// Match reports whether name matches the list under its rule.
func (l List) Match(name string) bool {
	if l.Rule == Substring {
		name = strings.ToLower(name)
		for _, c := range compounds {
			name = strings.ReplaceAll(name, c, " ")
		}
		return l.MatchWord(name)
	}
	for _, w := range Words(name) {
		if l.MatchWord(w) {
			return true
		}
	}
	return false
}

// MatchWord reports whether w, one lower-case word of a name as Words
// returns it, matches the list under its rule (for Substring, whether it
// contains an entry).
func (l List) MatchWord(w string) bool {
	for _, e := range l.Words {
		switch l.Rule {
		case Word:
			if w == e {
				return true
			}
		case Stem:
			if w == e || (len(e) >= minStem && strings.HasPrefix(w, e)) {
				return true
			}
		case Substring:
			if strings.Contains(w, e) {
				return true
			}
		}
	}
	return false
}

// Has reports whether w is an entry of the list, whatever its rule.
func (l List) Has(w string) bool {
	for _, e := range l.Words {
		if w == e {
			return true
		}
	}
	return false
}
