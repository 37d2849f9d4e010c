package fences

import (
	"go/token"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlcall"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"golang.org/x/tools/go/ssa"
)

// splitCheck describes a fence read from the resource and compared in Go.
type splitCheck struct {
	read    *ssa.Call // the SELECT
	compare ssa.Value // the comparison in Go
	column  string
}

// splitFence finds, for an unfenced SQL write, a dominating branch that
// compares a fence column read by an earlier SELECT (FC2002). A SELECT ...
// FOR UPDATE on the same transaction as the write locks the row until the
// transaction ends, which makes the split safe: locked is then true, and the
// write is fenced by the row lock (the Good example of FC2002's page).
func splitFence(e *effect.Effect) (sp *splitCheck, locked bool) {
	if e.Stmt == nil {
		return nil, false
	}
	b := e.Call.Block()
	for d := b.Idom(); d != nil; d = d.Idom() {
		iff, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || !decides(d, b) {
			continue
		}
		cmp, ok := iff.Cond.(*ssa.BinOp)
		if !ok || !calls.IsComparison(cmp.Op) {
			continue
		}
		for _, side := range []ssa.Value{cmp.X, cmp.Y} {
			read, st := scannedFrom(side)
			if read == nil {
				continue
			}
			col := fenceColumn(st)
			if col == "" {
				continue
			}
			if st.Kind == sqlfence.LockingRead && calls.SameValue(calls.Receiver(&read.Call), e.Receiver) {
				return nil, true // SELECT ... FOR UPDATE in the same transaction
			}
			return &splitCheck{read: read, compare: cmp, column: col}, false
		}
	}
	return nil, false
}

// scannedFrom recognises a value loaded from a variable that Scan filled
// from a SQL query, and returns the query call and its statement.
func scannedFrom(v ssa.Value) (*ssa.Call, *sqlfence.Statement) {
	for i := 0; i < maxScanSteps; i++ {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
			continue
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil, nil
			}
			alloc, ok := x.X.(*ssa.Alloc)
			if !ok {
				return nil, nil
			}
			for _, r := range *alloc.Referrers() {
				// &v passed to Scan as one of the variadic destinations.
				mi, ok := r.(*ssa.MakeInterface)
				if !ok {
					continue
				}
				for _, r2 := range *mi.Referrers() {
					st, ok := r2.(*ssa.Store)
					if !ok {
						continue
					}
					if call, stmt := scanOf(st); call != nil {
						return call, stmt
					}
				}
			}
		}
		return nil, nil
	}
	return nil, nil
}

// scanOf follows a store into a Scan's variadic array to the Scan call and
// the query whose row it scans.
func scanOf(st *ssa.Store) (*ssa.Call, *sqlfence.Statement) {
	ia, ok := st.Addr.(*ssa.IndexAddr)
	if !ok {
		return nil, nil
	}
	for _, r := range *ia.X.Referrers() {
		sl, ok := r.(*ssa.Slice)
		if !ok {
			continue
		}
		for _, r2 := range *sl.Referrers() {
			scan, ok := r2.(*ssa.Call)
			if !ok || calls.Callee(&scan.Call) == nil || calls.Callee(&scan.Call).Name() != "Scan" {
				continue
			}
			q, ok := calls.Unwrap(calls.Receiver(&scan.Call)).(*ssa.Call)
			if !ok {
				continue
			}
			for _, arg := range calls.Args(&q.Call) {
				if text, ok := sqlcall.Text(arg); ok {
					stmt := sqlfence.Parse(text)
					if stmt.Kind == sqlfence.Read || stmt.Kind == sqlfence.LockingRead {
						return q, stmt
					}
				}
			}
		}
	}
	return nil, nil
}

func fenceColumn(st *sqlfence.Statement) string {
	if i := slices.IndexFunc(st.ReadColumns, vocab.FenceColumn.Match); i >= 0 {
		return st.ReadColumns[i]
	}
	return ""
}
