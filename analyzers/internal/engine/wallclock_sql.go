package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/sqlfence"
	"github.com/fencecheck/fencecheck/analyzers/internal/vocab"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// checkSQL reports SQL takeovers decided with this host's clock: a write
// to a lock or lease row whose WHERE compares a column (the stored expiry,
// written with the previous holder's clock) with a time computed in Go
// (time.Now()). The database has a clock of its own for that: now().
func (w *wc) checkSQL() {
	for _, fn := range w.u.Funcs {
		for ci := range calls.In(fn) {
			call := w.callAt[ci.Common().Pos()]
			if call == nil || call.Ellipsis.IsValid() {
				continue
			}
			if _, ok := w.sqlText(call); !ok {
				continue
			}
			e := effect.Classify(ci, w.u.Tokens(fn))
			if e == nil || e.Stmt == nil || e.Stmt.Kind != sqlfence.Write || e.Verdict == effect.Carried {
				continue
			}
			w.sqlTakeover(fn, ci, call, e)
		}
	}
}

func (w *wc) sqlTakeover(fn *ssa.Function, ci ssa.CallInstruction, call *ast.CallExpr, e *effect.Effect) {
	st := e.Stmt
	first := e.Sink.Args
	if first > len(call.Args) {
		return
	}
	binds := call.Args[first:]
	takeover := vocab.LockTable.Match(st.Table)
	for _, a := range st.Sets {
		if vocab.Lease.Match(a.Column) {
			takeover = true
		}
	}
	for _, g := range st.Guards {
		i := g.Param.ArgIndex()
		if i < 0 || i >= len(binds) || g.Op == "=" || g.Op == "<>" || vocab.FenceColumn.Match(g.Column) {
			continue
		}
		if !takeover && !vocab.Lease.Match(g.Column) {
			continue
		}
		lab := w.eval(binds[i])
		if !lab.has(wcLocal) || lab.has(wcForeign) {
			continue
		}
		what := wcEffectText(e)
		msg := fmt.Sprintf("%s takes a lease over by comparing %s with %s, a time computed from this host's clock: "+
			"the stored expiry was written with the previous holder's clock, the two clocks differ by their skew and either can jump, "+
			"so a live lease can be taken over (or a dead one kept); let the database decide with its own clock: "+
			"compare with now() and compute the new expiry in SQL too (now() + interval), and fence the holder's writes with a token",
			what, g.Column, types.ExprString(binds[i]))
		related := []analysis.RelatedInformation{{Pos: binds[i].Pos(), Message: "this host's clock is read here"}}
		for _, s := range w.u.Sections {
			if s.Fn == fn && s.Contains(ci) {
				related = append(related, analysis.RelatedInformation{Pos: s.Pos, Message: s.Lock.Lib + " acquired here"})
				break
			}
		}
		w.u.Report(Finding{Code: checks.WallClockTTL, Pos: ci.Pos(), End: call.End(), Message: msg, Related: related, Key: ci.Pos(),
			Fixes: w.sqlNowFix(call, e.Sink.Query, first, i, g, st)})
		return
	}
}

// sqlNowFix replaces the placeholder compared with the expiry by now() and
// drops its argument, where that is unambiguous: a Postgres ($n)
// placeholder that appears once in a string literal, is the highest one,
// and is bound by the last argument, which is time.Now() itself.
func (w *wc) sqlNowFix(call *ast.CallExpr, query, first, i int, g sqlfence.Guard, st *sqlfence.Statement) []analysis.SuggestedFix {
	p := g.Param
	if p.Style != sqlfence.Dollar || first+i != len(call.Args)-1 || query >= len(call.Args) {
		return nil
	}
	for _, q := range st.Placeholders {
		if q.Style != sqlfence.Dollar || q.Index > p.Index || (q.Index == p.Index && q != p) {
			return nil
		}
	}
	count := 0
	for _, q := range st.Placeholders {
		if q == p {
			count++
		}
	}
	if count != 1 {
		return nil
	}
	lit, ok := ast.Unparen(call.Args[query]).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil
	}
	arg := call.Args[first+i]
	if !w.isTimeNow(arg) {
		return nil
	}
	ph := "$" + strconv.Itoa(p.Index)
	off, n := -1, 0
	for j := 0; j+len(ph) <= len(lit.Value); {
		k := strings.Index(lit.Value[j:], ph)
		if k < 0 {
			break
		}
		k += j
		end := k + len(ph)
		if end >= len(lit.Value) || lit.Value[end] < '0' || lit.Value[end] > '9' {
			off = k
			n++
		}
		j = end
	}
	if n != 1 {
		return nil
	}
	start := lit.Pos() + token.Pos(off)
	return []analysis.SuggestedFix{{
		Message: fmt.Sprintf("Compare %s with the database's clock (now()) instead of this host's time.Now()", g.Column),
		TextEdits: []analysis.TextEdit{
			{Pos: start, End: start + token.Pos(len(ph)), NewText: []byte("now()")},
			{Pos: call.Args[first+i-1].End(), End: arg.End(), NewText: nil},
		},
	}}
}

// isTimeNow reports whether e is time.Now() (or time.Now().UTC()).
func (w *wc) isTimeNow(e ast.Expr) bool {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(c.Args) != 0 {
		return false
	}
	fn := w.callee(c)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "time" {
		return false
	}
	switch {
	case fn.Name() == "Now" && model.RecvName(fn) == "":
		return true
	case fn.Name() == "UTC" && model.RecvName(fn) == "Time":
		return w.isTimeNow(w.recvExpr(c))
	}
	return false
}
