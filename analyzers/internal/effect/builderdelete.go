package effect

import (
	"go/types"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"golang.org/x/tools/go/ssa"
)

// BuilderDelete describes a DELETE run by a query builder chain (e is a
// model.CondChain effect): squirrel's Delete("locks").Where(sq.Eq{"name":
// n}), gorm's db.Where("name = ?", n).Delete(&Lock{}) or Delete(&Lock{},
// "name = ?", n), bun's NewDelete(). It returns the table (or the name of
// the model type) and the columns its conditions compare for equality; ok
// is false when e is no DELETE, when a condition cannot be read (a
// Sqlizer built elsewhere), or when one matches a pattern or a set (LIKE,
// IN: clearing rows, not releasing one lock), to stay silent when unsure.
func BuilderDelete(e *Effect) (table string, eqCols []string, ok bool) {
	recv := model.RecvName(e.Callee)
	switch {
	case recv == "DeleteBuilder", recv == "DeleteQuery":
	case e.Callee.Name() == "Delete" && e.Sink.Conds > 0:
	default:
		return "", nil, false
	}
	c := e.Call.Common()
	table = chainTable(e.Receiver)
	if table == "" && e.Callee.Name() == "Delete" {
		table = modelName(calls.Arg(c, 0)) // gorm's Delete(&Lock{})
	}
	if table == "" {
		table = chainModel(e.Receiver)
	}
	bulk := false // a pattern or a set: clearing rows, not releasing one lock
	text := func(frag string) *sqlfence.Statement {
		for _, w := range strings.Fields(strings.ToUpper(frag)) {
			if w == "LIKE" || w == "ILIKE" || w == "IN" || strings.HasPrefix(w, "IN(") {
				bulk = true
			}
		}
		return sqlfence.Parse("UPDATE t SET x = 1 WHERE " + frag)
	}
	eq := func(st *sqlfence.Statement) {
		for _, g := range st.Guards {
			if g.Clause == "where" && g.Op == "=" {
				eqCols = append(eqCols, g.Column)
			}
		}
	}
	if e.Sink.Conds > 0 {
		if conds, ok := calls.Variadic(calls.Arg(c, e.Sink.Conds)); ok && len(conds) > 0 {
			frag, isConst := calls.ConstString(conds[0])
			if !isConst {
				return "", nil, false
			}
			eq(text(frag))
		}
	}
	for st, where := range Wheres(e.Receiver) {
		if st != nil {
			frag, _ := calls.ConstString(calls.Arg(where, 0))
			text(frag)
			eq(st)
			continue
		}
		keys, isMap := mapKeys(calls.Arg(where, 0))
		if !isMap {
			return "", nil, false
		}
		eqCols = append(eqCols, keys...)
	}
	if bulk {
		return "", nil, false
	}
	return table, eqCols, true
}

// mapKeys returns the constant keys of a map literal (squirrel's sq.Eq{"name":
// n}); false if v is no such literal.
func mapKeys(v ssa.Value) ([]string, bool) {
	mm, ok := calls.Unwrap(v).(*ssa.MakeMap)
	if !ok {
		return nil, false
	}
	var keys []string
	for _, r := range *mm.Referrers() {
		up, ok := r.(*ssa.MapUpdate)
		if !ok || up.Map != mm {
			continue
		}
		k, ok := calls.ConstString(up.Key)
		if !ok {
			return nil, false
		}
		keys = append(keys, strings.ToLower(k))
	}
	return keys, true
}

// chainModel returns the name of the model type a builder chain is given
// (gorm's and bun's Model(&Lock{})), or "".
func chainModel(recv ssa.Value) string {
	return inChain(recv, func(call *ssa.Call, fn *types.Func) string {
		if fn.Name() == "Model" {
			return modelName(calls.Arg(&call.Call, 0))
		}
		return ""
	})
}

// modelName names the struct type of a model value (&Lock{}, []Lock{}).
func modelName(v ssa.Value) string {
	if v == nil {
		return ""
	}
	if n := calls.ElemNamed(calls.Unwrap(v).Type()); n != nil {
		return n.Obj().Name()
	}
	return ""
}

// ChainTableName returns the table a builder chain writes: the constant
// of its Table("t") call, else its Model(&T{}) type in snake case
// (LockCounter: lock_counter), or "".
func ChainTableName(recv ssa.Value) string {
	if t := chainTable(recv); t != "" {
		return strings.ToLower(t)
	}
	if m := chainModel(recv); m != "" {
		return snake(m)
	}
	return ""
}
