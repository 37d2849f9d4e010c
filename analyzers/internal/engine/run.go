package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/directive"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/ssaprog"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// maxDepth bounds how deep calls inside a critical section are followed.
const maxDepth = 6

func run(pass *analysis.Pass) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("fencecheck internal error in package %s: %v\n%s\nplease report this at https://github.com/fencecheck/fencecheck/issues with the code that triggers it",
				pass.Pkg.Path(), r, debug.Stack())
		}
	}()
	dirs := directive.Parse(pass.Fset, pass.Files)
	var findings []Finding
	if relevant(pass) {
		a := &analysis_{pass: pass, fields: flow.NewFields(), memo: map[memoKey]*flow.Tokens{}}
		findings = a.analyze()
	}
	return finish(pass, findings, dirs), nil
}

// relevant is the cheap prefilter: a package that imports no API able to
// take a lock cannot contain a critical section, so it needs no SSA.
func relevant(pass *analysis.Pass) bool {
	for _, imp := range pass.Pkg.Imports() {
		if model.LockPackages[imp.Path()] {
			return true
		}
	}
	return false
}

type memoKey struct {
	fn    *ssa.Function
	seeds string
}

type analysis_ struct {
	pass     *analysis.Pass
	pkg      *ssa.Package
	fields   *flow.Fields
	memo     map[memoKey]*flow.Tokens
	findings []Finding
	calls    map[token.Pos]*ast.CallExpr // by Lparen, built on first use
}

func (a *analysis_) analyze() []Finding {
	pkg, funcs := ssaprog.Build(a.pass)
	a.pkg = pkg
	// Learn which struct fields hold a token anywhere in the package, so a
	// token stored by one method is seen when another reads it.
	for round := 0; round < 3; round++ {
		n := a.fields.Len()
		for _, fn := range funcs {
			flow.Analyze(fn, nil, a.fields)
		}
		if a.fields.Len() == n {
			break
		}
	}
	u := &Unit{Pass: a.pass, Funcs: funcs, a: a}
	for _, fn := range funcs {
		for _, sec := range section.Find(fn) {
			u.Sections = append(u.Sections, sec)
			a.walk(sec, sec.Fn, nil, nil, 0, map[memoKey]bool{})
		}
	}
	for _, check := range unitChecks {
		check(u)
	}
	return a.findings
}

func (a *analysis_) tokens(fn *ssa.Function, seeds []ssa.Value) *flow.Tokens {
	var b strings.Builder
	for _, s := range seeds {
		b.WriteString(s.Name())
		b.WriteByte(',')
	}
	k := memoKey{fn, b.String()}
	if t, ok := a.memo[k]; ok {
		return t
	}
	t := flow.Analyze(fn, seeds, a.fields)
	a.memo[k] = t
	return t
}

// walk visits the effects of fn that run inside sec. site is the call in
// the section's own function through which fn was reached (nil when fn is
// the section's function or a function literal inside it).
func (a *analysis_) walk(sec *section.Section, fn *ssa.Function, seeds []ssa.Value, site ssa.CallInstruction, depth int, seen map[memoKey]bool) {
	toks := a.tokens(fn, seeds)
	key := memoKey{fn, fmt.Sprint(len(seeds), site != nil)}
	if seen[key] {
		return
	}
	seen[key] = true
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if fn == sec.Fn && !sec.Contains(instr) {
				continue
			}
			ci, ok := instr.(ssa.CallInstruction)
			if !ok || ci == sec.Call {
				continue
			}
			if e := effect.Classify(ci, toks); e != nil {
				a.judge(sec, e, site)
				continue
			}
			if depth >= maxDepth {
				continue
			}
			a.follow(sec, fn, ci, toks, site, depth, seen)
		}
	}
}

// follow walks into functions called from inside a section: static calls
// to functions of this package, closures, and function literals handed to
// other calls (transaction helpers, errgroup.Go), which run inside too.
func (a *analysis_) follow(sec *section.Section, fn *ssa.Function, ci ssa.CallInstruction, toks *flow.Tokens, site ssa.CallInstruction, depth int, seen map[memoKey]bool) {
	c := ci.Common()
	if callee := c.StaticCallee(); callee != nil && a.local(callee) {
		var seeds []ssa.Value
		for i, arg := range c.Args {
			if i < len(callee.Params) && toks.Has(arg) {
				seeds = append(seeds, callee.Params[i])
			}
		}
		seeds = append(seeds, boundSeeds(c.Value, callee, toks)...)
		a.walk(sec, callee, seeds, siteFor(sec, callee, ci, site), depth+1, seen)
	}
	for _, arg := range c.Args {
		mc, ok := arg.(*ssa.MakeClosure)
		var lit *ssa.Function
		if ok {
			lit, _ = mc.Fn.(*ssa.Function)
		} else {
			lit, _ = arg.(*ssa.Function)
		}
		if lit == nil || !a.local(lit) || lit == c.StaticCallee() {
			continue
		}
		a.walk(sec, lit, boundSeeds(arg, lit, toks), siteFor(sec, lit, ci, site), depth+1, seen)
	}
}

func (a *analysis_) local(fn *ssa.Function) bool {
	return len(fn.Blocks) > 0 && fn.Pkg == a.pkg
}

// boundSeeds returns the free variables of a closure that are bound to
// token-carrying values.
func boundSeeds(v ssa.Value, fn *ssa.Function, toks *flow.Tokens) []ssa.Value {
	mc, ok := v.(*ssa.MakeClosure)
	if !ok {
		return nil
	}
	var seeds []ssa.Value
	for i, b := range mc.Bindings {
		if i < len(fn.FreeVars) && toks.Has(b) {
			seeds = append(seeds, fn.FreeVars[i])
		}
	}
	return seeds
}

// siteFor decides where an effect in callee is reported: function
// literals written inside the section's function are reported at the
// effect itself; named functions at the call inside the section, which is
// the line the user must change.
func siteFor(sec *section.Section, callee *ssa.Function, ci, site ssa.CallInstruction) ssa.CallInstruction {
	if site != nil {
		return site
	}
	for p := callee.Parent(); p != nil; p = p.Parent() {
		if p == sec.Fn {
			return nil
		}
	}
	return ci
}

// judge turns an effect inside a section into a finding, unless the effect
// is safe in this section.
func (a *analysis_) judge(sec *section.Section, e *effect.Effect, site ssa.CallInstruction) {
	switch {
	case e.Verdict == effect.Carried:
		a.judgeOutcome(sec, e, site)
		return
	case sec.TxScoped && calls.SameValue(e.Receiver, sec.Handle):
		return // same transaction as pg_advisory_xact_lock
	case sec.Lock == model.RedisSetNXLock && e.Key != nil && calls.SameValue(e.Key, sec.Handle):
		return // the lock's own key: release or extension, not a protected write
	}
	fset := a.pass.Fset
	at := fset.Position(sec.Pos)
	pos := e.Call.Pos()
	var related []analysis.RelatedInformation
	related = append(related, analysis.RelatedInformation{Pos: sec.Pos, Message: sec.Lock.Lib + " acquired here"})
	if site != nil {
		related = append(related, analysis.RelatedInformation{Pos: e.Call.Pos(), Message: "the write happens here, in " + e.Call.Parent().Name()})
		pos = site.Pos()
	}
	var fence string
	if acc := sec.Lock.Fence.Accessor; acc != "" {
		fence = fmt.Sprintf(strings.ReplaceAll(acc, "%s", "%[1]s"), a.handleText(sec)) + " is available: " + e.Advice()
	} else {
		fence = sec.Lock.Fence.None
	}
	if sec.Pooled {
		fence = "pg_advisory_lock on a connection pool is held by one pooled connection, not necessarily the one running this write; " + fence
	}
	callThrough := ""
	if site != nil {
		callThrough = " (reached through this call)"
	}
	where := fmt.Sprintf("%s (%s)%s under the %s acquired at %s:%d", e.What, e.Via(), callThrough, sec.Lock.Lib, filepath.Base(at.Filename), at.Line)
	if e.Verdict == effect.Cannot {
		msg := where + " cannot carry a fencing token, so a holder paused past its lease would repeat it after a new holder took over; " +
			"record it in an outbox row written with a fenced statement, or give it an idempotency key / deduplication id the receiver enforces"
		a.findings = append(a.findings, Finding{Code: "FC1003", Pos: pos, Message: msg, Related: related, Key: pos})
		return
	}
	if chk := a.guard(sec, e, site); chk != nil {
		cp := fset.Position(chk.Pos())
		related = append(related, analysis.RelatedInformation{Pos: chk.Pos(), Message: "lease checked here"})
		msg := fmt.Sprintf("%s is guarded by a lease check (%s at %s:%d) that does not close the race: the process can pause and the lease expire between the check and the write; %s",
			where, calls.Callee(&chk.Call).Name(), filepath.Base(cp.Filename), cp.Line, "carry the fencing token instead: "+fence)
		a.findings = append(a.findings, Finding{Code: "FC2001", Pos: pos, Message: msg, Related: related, Key: pos})
		return
	}
	msg := fmt.Sprintf("%s does not carry the fencing token: %s, so a holder paused past its lease would still apply it; %s", where, e.Describe(), fence)
	a.findings = append(a.findings, Finding{Code: "FC1001", Pos: pos, Message: msg, Related: related, Key: pos})
}

// finish orders the findings, keeps the most specific finding per problem,
// applies suppression comments and reports problems with those comments.
func finish(pass *analysis.Pass, findings []Finding, dirs []*directive.Directive) *Result {
	slices.SortStableFunc(findings, func(x, y Finding) int {
		if x.Key != y.Key {
			return int(x.Key - y.Key)
		}
		if px, py := model.Precedence[x.Code], model.Precedence[y.Code]; px != py {
			return px - py
		}
		return strings.Compare(x.Message, y.Message)
	})
	var kept []Finding
	for i, f := range findings {
		if i > 0 && findings[i-1].Key == f.Key && f.Key.IsValid() {
			continue // a more specific check already reported this problem
		}
		p := pass.Fset.Position(f.Pos)
		check, _ := model.CheckByCode(f.Code)
		suppressed := false
		for _, d := range dirs {
			if d.Covers(check, p.Filename, p.Line) {
				d.Used = true
				suppressed = true
			}
		}
		if !suppressed {
			kept = append(kept, f)
		}
	}
	for _, d := range dirs {
		switch {
		case d.Problem != "":
			kept = append(kept, Finding{Code: "FC0001", Pos: d.Pos, End: d.End, Message: d.Problem})
		case !d.Used:
			kept = append(kept, Finding{Code: "FC0001", Pos: d.Pos, End: d.End,
				Message: fmt.Sprintf("this %s comment suppresses no fencecheck finding; remove it", d.Text())})
		}
	}
	slices.SortStableFunc(kept, func(x, y Finding) int {
		if x.Pos != y.Pos {
			return int(x.Pos - y.Pos)
		}
		return strings.Compare(x.Code, y.Code)
	})
	return &Result{Findings: kept}
}

// guard returns the validity check guarding an effect, looking both in the
// effect's own function and at the call through which it was reached.
func (a *analysis_) guard(sec *section.Section, e *effect.Effect, site ssa.CallInstruction) *ssa.Call {
	if c := guardingCheck(sec, e.Call); c != nil {
		return c
	}
	if site != nil {
		return guardingCheck(sec, site)
	}
	return nil
}

// judgeOutcome reports a fenced write whose outcome is never checked
// (FC1002): the resource rejects the stale write, but the holder carries on
// as if it had written.
func (a *analysis_) judgeOutcome(sec *section.Section, e *effect.Effect, site ssa.CallInstruction) {
	ignored, what := outcomeIgnored(e)
	if !ignored {
		return
	}
	pos := e.Call.Pos()
	at := a.pass.Fset.Position(sec.Pos)
	msg := fmt.Sprintf("%s (%s) under the %s acquired at %s:%d carries the fencing token but its outcome is never checked: when the resource rejects a stale holder nothing is written and the code carries on as if it had; read %s and stop when nothing was written",
		e.What, e.Via(), sec.Lock.Lib, filepath.Base(at.Filename), at.Line, what)
	related := []analysis.RelatedInformation{{Pos: sec.Pos, Message: sec.Lock.Lib + " acquired here"}}
	if site != nil {
		related = append(related, analysis.RelatedInformation{Pos: site.Pos(), Message: "reached through this call"})
	}
	a.findings = append(a.findings, Finding{Code: "FC1002", Pos: pos, Message: msg, Related: related, Key: pos})
}

// handleText returns the source text of the lock handle at the
// acquisition ("m" in m.Lock(ctx), "w.m" in w.m.Lock(ctx)).
func (a *analysis_) handleText(sec *section.Section) string {
	if a.calls == nil {
		a.calls = map[token.Pos]*ast.CallExpr{}
		for _, f := range a.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					a.calls[c.Lparen] = c
				}
				return true
			})
		}
	}
	if c := a.calls[sec.Pos]; c != nil {
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
			if _, isPkg := a.pass.TypesInfo.Uses[identOf(sel.X)].(*types.PkgName); !isPkg {
				return types.ExprString(sel.X)
			}
		}
	}
	return sec.HandleText()
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := e.(*ast.Ident)
	return id
}
