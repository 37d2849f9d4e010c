package effect

import (
	"fmt"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
)

// ChainUpdate spells the UPDATE that a query builder's column-setting
// write runs (gorm's db.Model(&Lock{}).Where("name = ? AND owner = ?",
// ...).Updates(map[string]any{"expires_at": t})) as SQL text, for the
// readers of statements (sqlrenewal): UPDATE <record> SET <column> =
// <value or ?>, ... WHERE <the chain's constant Where fragments, joined
// by AND>. The record is the table the chain names, or the model type's
// name as its column would be spelt (Lock -> lock, LockCounter ->
// lock_counter). A value that is a Go constant is written as a SQL
// literal, so that a release that clears the holder (SET owner = the empty string) reads
// as one. It returns "" when the write is no such call or sets no named
// column (Save, Updates of a struct); Where fragments that are not
// constant are left out.
func (e *Effect) ChainUpdate() string {
	if e.columnSet() == nil {
		return ""
	}
	writes := e.StateWrites()
	if len(writes) == 0 {
		return ""
	}
	table := e.chainRecord()
	if name, ok := strings.CutPrefix(table, "model "); ok {
		table = snake(name)
	}
	if table == "" || strings.ContainsAny(table, " \t") {
		table = "tbl"
	}
	sets := make([]string, 0, len(writes))
	for _, w := range writes {
		v := "?"
		if w.Known {
			v = "'" + strings.ReplaceAll(w.Value, "'", "''") + "'"
		}
		sets = append(sets, fmt.Sprintf("%s = %s", w.Column, v))
	}
	var conds []string
	for st, where := range Wheres(e.Receiver) {
		if st == nil {
			continue
		}
		if frag, ok := calls.ConstString(calls.Arg(where, 0)); ok {
			conds = append(conds, "("+frag+")")
		}
	}
	text := "UPDATE " + table + " SET " + strings.Join(sets, ", ")
	if len(conds) > 0 {
		text += " WHERE " + strings.Join(conds, " AND ")
	}
	return text
}
