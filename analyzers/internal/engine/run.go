package engine

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/annotation"
	"github.com/fencecheck/fencecheck/analyzers/internal/callindex"
	"github.com/fencecheck/fencecheck/analyzers/internal/configcheck"
	"github.com/fencecheck/fencecheck/analyzers/internal/directive"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/fences"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/keyscope"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/librelease"
	"github.com/fencecheck/fencecheck/analyzers/internal/lifecycle"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/oneway"
	"github.com/fencecheck/fencecheck/analyzers/internal/precedence"
	"github.com/fencecheck/fencecheck/analyzers/internal/prefilter"
	"github.com/fencecheck/fencecheck/analyzers/internal/program"
	"github.com/fencecheck/fencecheck/analyzers/internal/relocate"
	"github.com/fencecheck/fencecheck/analyzers/internal/scriptsrc"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"github.com/fencecheck/fencecheck/analyzers/internal/ssaprog"
	"github.com/fencecheck/fencecheck/analyzers/internal/tasklock"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"github.com/fencecheck/fencecheck/internal/crash"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"honnef.co/go/tools/analysis/facts/generated"
)

// libraryChecks are the checks library mode reports inside a lock library
// of the knowledge base: the faults of a lock's own protocol (a release
// that deletes the lock whoever holds it, FC5001; Redlock-style validity
// arithmetic, FC4001). Its other internals follow the protocol by design.
var libraryChecks = []checks.Code{checks.UnsafeRelease, checks.WallClockTTL}

func run(pass *analysis.Pass, opts Options) (res any, err error) {
	defer func() {
		// Under every driver (go vet, golangci-lint, the standalone
		// command), a bug costs this package's findings, as one line.
		if r := recover(); r != nil {
			err = crash.New(pass.Pkg.Path(), pass.Analyzer.Name, r)
		}
	}()
	dirs := directive.Parse(pass.Fset, pass.Files)
	cfg, err := loadConfig(pass, opts.Configs)
	if err != nil {
		return nil, err
	}
	if err := configcheck.Names(pass.Pkg, cfg); err != nil {
		return nil, err
	}
	if opts.Program == nil {
		// A driver that analyses one package at a time (go vet,
		// golangci-lint) has no other place to say that an entry names a
		// package no build can have; the standalone command says it once,
		// knowing the whole build (suite.Configs.Program).
		if err := configcheck.Packages(pass, cfg); err != nil {
			return nil, err
		}
	}
	cust := newCustom(pass, cfg)
	library := opts.Library || cfg.LibraryMode
	var found findings
	for _, p := range cust.problems() {
		found.add(p)
	}
	gen := pass.ResultOf[generated.Analyzer].(map[string]generated.Generator)
	var moveOut func(Finding) []Finding
	rel, lossOnly := relevant(pass, cust), false
	if !rel && callsDeclaredLock(pass) {
		rel = true // an acquisition an interface of the application declares (reach.go)
	}
	if !rel && admitByInterface(pass, opts.Program) {
		rel = true // an acquisition behind the program's own interface (reach.go)
	}
	if !rel && prefilter.AsksLease(pass) {
		rel = true // work gated on an elector's verdict (fences.CheckedSections)
	}
	if !rel && prefilter.NamesRenewal(pass) {
		rel, lossOnly = true, true
	}
	if rel {
		a := &analysis_{custom: cust, pass: pass, prog: opts.Program, fields: flow.NewFields(), memo: map[memoKey]*flow.Tokens{}, helpers: map[*types.Func]*fact.HelperFact{}, wrappers: map[*types.Func]*model.Lock{}, lockTypes: map[*types.Named]bool{}, litWrappers: map[*ssa.Function]*model.Lock{}, impls: map[implKey][]*ssa.Function{}, depImpls: map[implKey][]depImpl{}, wrapperNames: map[string]bool{}, condSecs: map[*ssa.Function][]*section.Section{}, statements: map[*types.Func]*StatementFact{}, requests: map[*types.Func]*RequestFact{}, callbacks: map[*types.Var]*fact.CallbackFact{}}
		if lossOnly {
			found = append(found, a.analyzeLoss()...)
		} else {
			found = append(found, a.analyze()...)
		}
		if library && model.KB.IsLibraryPackage(pass.Pkg.Path()) {
			found = append(found, librelease.Findings(a.pkg, a.funcs)...)
		}
		moveOut = relocate.New(pass, gen, a.funcs, a.index, a.implementations)
	}
	if model.KB.IsLibraryPackage(pass.Pkg.Path()) {
		if !library {
			return &Result{}, nil // a lock library's own code: summaries only (facts), no findings
		}
		// Library mode: the faults of the lock's own protocol.
		found = slices.DeleteFunc(found, func(f Finding) bool { return !slices.Contains(libraryChecks, f.Code) })
	}
	return finish(pass, found, dirs, moveOut, opts.Checks), nil
}

// relevant is the cheap prefilter: a package that imports no lock or
// effect API, and whose dependencies export no summary, can neither hold a
// lock nor perform an effect a caller would need to know about, so it
// needs no SSA.
func relevant(pass *analysis.Pass, c *custom) bool {
	if len(c.ann.Funcs) > 0 || prefilter.Configured(c.cfg) {
		return true
	}
	for _, imp := range pass.Pkg.Imports() {
		if prefilter.ImportsAPI(imp.Path()) {
			return true
		}
	}
	// A dependency may hide a lock, a helper or an effect behind a function;
	// a lease may be a record or a lock file of the package's own.
	return len(pass.AllObjectFacts()) > 0 || prefilter.MirrorsLock(pass) || leaserec.Admit(pass) || prefilter.LockProtocol(pass)
}

// AnnotationPrefix starts every annotation comment; a file without it has
// none.
const AnnotationPrefix = annotation.Prefix

type memoKey struct {
	fn    *ssa.Function
	seeds string
}

type analysis_ struct {
	pass *analysis.Pass
	// locked are the package's sections with a lock in view, by function
	// (see fences.Checker), once found.
	locked   map[*ssa.Function][]*section.Section
	prog     *program.Program // the whole program of a standalone run, or nil
	pkg      *ssa.Package
	fields   *flow.Fields
	memo     map[memoKey]*flow.Tokens
	helpers  map[*types.Func]*fact.HelperFact
	wrappers map[*types.Func]*model.Lock // acquire wrappers, local and imported
	// litWrappers are this package's function literals that acquire a
	// lock and return with it held.
	litWrappers map[*ssa.Function]*model.Lock
	custom      *custom
	impls       map[implKey][]*ssa.Function        // memo of implementations
	depImpls    map[implKey][]depImpl              // memo of depImplementations
	methodFacts map[string][]*types.Func           // other packages' methods with facts, by name
	methodSets  map[*types.Named]map[string]string // for Program records, by type
	// wrapperNames are the names of this package's acquire wrappers.
	wrapperNames map[string]bool
	findings     findings
	assigned     map[token.Pos][]ast.Expr // by the Lparen of a call, what its results are assigned to
	funcs        []*ssa.Function          // the package's source functions
	index        *callindex.Index         // calls and declarations of funcs, shared with the checks
	lockTypes    map[*types.Named]bool    // memo of lockTypeMethod
	keys         *keyscope.Evidence       // SET NX keys used as only a lock's are
	// condSecs are the SET NX sections whose key a caller decides
	// (section.Conditional): candidates for acquire wrappers only.
	condSecs map[*ssa.Function][]*section.Section
	// statements are the exec helpers of this package and of its
	// dependencies seen so far (statements.go).
	statements map[*types.Func]*StatementFact
	// requests are the request helpers of this package and of its
	// dependencies seen so far (requests.go).
	requests map[*types.Func]*RequestFact
	// callbacks are the func-typed fields called only inside sections of
	// one lock, of this package and imported (callbacks.go); nil for a
	// field known to be none.
	callbacks map[*types.Var]*fact.CallbackFact
	// summaries are the effects of this package's declared functions,
	// computed on first use (facts.go: localSummary).
	summaries map[*ssa.Function]*fact.EffectsFact
	// pending collects, while a summary is computed, the interface calls
	// it leaves to its callers (pending.go); nil outside a summary.
	pending *[]fact.PendingCall
	// oneway are the package's one-way claims (claims.go).
	oneway *oneway.Package
	// converge decides which effects converge (fences.Convergence): not
	// judged, not summarised for callers.
	converge *fences.Convergence
	// scripts finds the Lua text of the package's script calls (the
	// unit's, shared with the checks).
	scripts *scriptsrc.Index
}

func (a *analysis_) analyze() []Finding {
	pkg, funcs := ssaprog.Build(a.pass)
	a.pkg, a.funcs = pkg, funcs
	a.keys = a.keyEvidence(funcs)
	for obj, u := range a.keys.KeyUses() {
		a.pass.ExportObjectFact(obj, &fact.KeyUseFact{Param: u.Param, Extend: u.Extend})
	}
	a.index = callindex.New(a.pass.Files, a.pass.TypesInfo, funcs)
	issuers := map[*types.Func]bool{} // functions of this package that return a token
	a.fields.CustomCall = func(fn *types.Func) bool { return issuers[fn] || a.custom.isFence(fn) }
	a.fields.CustomField = a.custom.isFenceField
	a.exportAnnotatedLocks()
	// Learn which struct fields hold a token anywhere in the package, so a
	// token stored by one method is seen when another reads it, and which
	// functions return one (a helper running UPDATE fences ... RETURNING
	// token), so that their callers hold a token as if the helper's body
	// were inline.
	for round := 0; round < tokenRounds; round++ {
		n, m := a.fields.Len(), len(issuers)
		for _, fn := range funcs {
			t := flow.Analyze(fn, nil, a.fields)
			if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil && returnsToken(fn, t) {
				issuers[obj] = true
			}
		}
		if a.fields.Len() == n && len(issuers) == m {
			break
		}
	}
	u := &unit.Unit{Pass: a.pass, Pkg: pkg, Funcs: funcs, Index: a.index, Engine: services{a}}
	a.scripts = u.Scripts()
	secs := map[*ssa.Function][]*section.Section{}
	find := func() {
		for _, fn := range funcs {
			secs[fn] = section.FindIn(fn, a.lockLookup(fn), a.keys.Of)
			a.condSecs[fn] = section.Conditional(fn, a.lockLookup(fn), a.keys.Of)
		}
	}
	find()
	// Functions of this package that call a wrapper start sections too,
	// and may be wrappers themselves: repeat until no new wrapper appears.
	for round := 0; round < maxDepth && a.findWrappers(funcs, secs); round++ {
		find()
	}
	a.findHelpers(funcs, secs)
	a.findCallbackFields(funcs, secs)
	a.findStatementHelpers(funcs)
	a.findRequestHelpers(funcs)
	var all []*section.Section
	for _, fn := range funcs {
		all = append(all, secs[fn]...)
	}
	all = append(all, tasklock.Sections(a.pkg, funcs)...)
	for _, fn := range funcs {
		if !a.testCode(fn) { // an application's lock helper or callback field (testcode.go)
			all = append(all, a.helperSections(fn)...)
			all = append(all, a.callbackSections(fn)...)
		}
	}
	locked := map[*ssa.Function][]*section.Section{}
	for _, sec := range all {
		if !sec.Summary {
			locked[sec.Fn] = append(locked[sec.Fn], sec)
		}
	}
	// The fence checks judge every effect the walk finds (FC1001 to
	// FC2002); the sections that start at a bool lease check with no lock
	// in view are theirs too.
	a.locked = locked
	a.oneway = oneway.NewPackage(funcs, a.claimCallee)
	judge := fences.New(u, locked, a.oneway)
	a.converge = judge.Convergence()
	for _, sec := range judge.CheckedSections() {
		if !a.testCode(sec.Fn) { // a lease check of the code under test (testcode.go)
			all = append(all, sec)
		}
	}
	for _, sec := range all {
		if !sec.Extend && !sec.May && sec.CheckName == "" {
			// The other checks judge what an acquisition implies (its
			// release, its lease-loss signal); an extension is only
			// evidence that the lock is held, and a "may hold" section
			// only a guess at where.
			u.Sections = append(u.Sections, sec)
		}
		a.walk(sec, sec.Fn, sec.Seeds, nil, nil, nil, 0, map[memoKey]bool{}, func(e *effect.Effect, site ssa.CallInstruction, path *section.Path) {
			judge.Judge(sec, e, site, path)
		})
	}
	a.summarize(funcs)
	a.exportClaims(funcs)
	for _, check := range unitChecks {
		check(u)
	}
	return a.findings
}

// keyEvidence returns the SET NX key evidence of the package, which also
// reads the key uses of other packages' functions from their facts (an
// application's Redis wrapper in its own package).
func (a *analysis_) keyEvidence(funcs []*ssa.Function) *keyscope.Evidence {
	e := keyscope.NewEvidence(funcs)
	e.Imported = func(fn *types.Func) *keyscope.KeyUse {
		var f fact.KeyUseFact
		if fn.Pkg() == a.pass.Pkg || !a.pass.ImportObjectFact(fn, &f) {
			return nil
		}
		return &keyscope.KeyUse{Param: f.Param, Extend: f.Extend}
	}
	return e
}

// analyzeLoss is analyze for a package admitted only because it names a
// renewal: FC5002's loss rules on its SSA (lifecycle.CheckLoss), with no
// critical sections, no other check and no fact exported. The other checks
// need a lock's evidence, which such a package (a health check's
// heartbeat) rarely has, and a dependency admitted so would hand its
// callers effect summaries they never had before.
func (a *analysis_) analyzeLoss() []Finding {
	pkg, funcs := ssaprog.Build(a.pass)
	a.pkg, a.funcs = pkg, funcs
	a.keys = a.keyEvidence(funcs)
	a.index = callindex.New(a.pass.Files, a.pass.TypesInfo, funcs)
	lifecycle.CheckLoss(&unit.Unit{Pass: a.pass, Pkg: pkg, Funcs: funcs, Index: a.index, Engine: services{a}})
	return a.findings
}

// returnsToken reports whether a result of fn carries a token in t.
func returnsToken(fn *ssa.Function, t *flow.Tokens) bool {
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && t.Any(ret.Results...) {
			return true
		}
	}
	return false
}

func seedKey(seeds []ssa.Value) string {
	var b strings.Builder
	for _, s := range seeds {
		b.WriteString(s.Name())
		b.WriteByte(',')
	}
	return b.String()
}

func (a *analysis_) tokens(fn *ssa.Function, seeds []ssa.Value) *flow.Tokens {
	k := memoKey{fn, seedKey(seeds)}
	if t, ok := a.memo[k]; ok {
		return t
	}
	t := flow.Analyze(fn, seeds, a.fields)
	a.memo[k] = t
	return t
}

// finish keeps one finding per problem among the selected checks
// (precedence; selected nil means all), moves findings out of generated
// files (relocate, nil when there is nothing to move), applies suppression
// comments and reports problems with those comments.
func finish(pass *analysis.Pass, found []Finding, dirs []*directive.Directive, relocate func(Finding) []Finding, selected []checks.Code) *Result {
	// Precedence is decided among the selected checks only, so that a
	// check switched off never hides another's finding. A comment that
	// suppresses what a switched-off check would report is still used, as
	// when every check runs: those findings count for that, and are then
	// dropped.
	on := func(f Finding) bool {
		return selected == nil || f.Code == checks.Suppression || slices.Contains(selected, f.Code)
	}
	candidates := precedence.Keep(found)
	if selected != nil {
		off := slices.DeleteFunc(candidates, on)
		candidates = append(precedence.Keep(slices.DeleteFunc(slices.Clone(found), func(f Finding) bool { return !on(f) })), off...)
	}
	var kept []Finding
	for _, f := range candidates {
		moved := []Finding{f}
		if relocate != nil {
			moved = relocate(f)
		}
		for _, f := range moved {
			p := pass.Fset.Position(f.Pos)
			check, _ := checks.ByCode(f.Code)
			suppressed := false
			for _, d := range dirs {
				if d.Covers(check, p.Filename, p.Line) {
					d.Used = true
					suppressed = suppressed || d.Applies()
				}
			}
			if !suppressed && on(f) {
				kept = append(kept, f)
			}
		}
	}
	for _, d := range dirs {
		report := func(msg string) {
			kept = append(kept, Finding{Code: checks.Suppression, Pos: d.Pos, End: d.End, Message: msg})
		}
		if d.Note != "" {
			report(d.Note)
		}
		switch {
		case d.Problem != "":
			report(d.Problem)
		case d.All:
			// Another linter's as much as ours: said only when it
			// silences a finding of ours without a reason.
			if d.Used && !d.Applies() {
				report(directive.AllProblem)
			}
		case !d.Used:
			report(fmt.Sprintf("this %s comment suppresses no fencecheck finding; remove it", d.Text()))
		}
	}
	slices.SortStableFunc(kept, func(x, y Finding) int {
		if x.Pos != y.Pos {
			return int(x.Pos - y.Pos)
		}
		return strings.Compare(x.Code.String(), y.Code.String())
	})
	return &Result{Findings: kept}
}
