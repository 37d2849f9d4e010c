// Package unit is the contract between the engine and the checks it runs
// on a package: the fence checks, which judge each effect during the walk
// of the critical sections (fences), and those that look at the package
// once the sections are walked (lifecycle, tokenquality, wallclock): what
// such a check sees of the package's analysis, the few services of the
// engine it uses, and the findings it reports. The checks import this
// package, not the engine: the engine imports them, to run them and to
// declare their fact types.
package unit

import (
	"go/token"
	"go/types"
	"honnef.co/go/tools/analysis/facts/generated"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/callindex"
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/leaserec"
	"github.com/fencecheck/fencecheck/analyzers/internal/scriptsrc"
	"github.com/fencecheck/fencecheck/analyzers/internal/section"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Unit is what a check sees of one package's analysis: the pass, the SSA
// functions, the critical sections, and the engine's services (fence flow,
// interface calls, reporting). Checks report through it so that
// de-duplication and suppression stay in one place.
type Unit struct {
	Pass *analysis.Pass
	// Pkg is the package's SSA; its init function runs the initialisers
	// of package variables.
	Pkg *ssa.Package
	// Funcs are the package's source functions.
	Funcs []*ssa.Function
	// Sections are the acquisitions: an extension is only evidence that
	// the lock is held, and a "may hold" section only a guess at where,
	// so neither is here. The engine fills it as it walks the sections:
	// it is complete for the checks that run after the walk, not for the
	// fence checks, which run during it and do not read it.
	Sections []*section.Section
	// Index is the package's call and declaration index, built once where
	// the unit is made and shared by the engine and every check.
	Index *callindex.Index
	Engine

	files   *leaserec.Files  // built on first use (Files)
	paths   *leaserec.Paths  // built on first use (Paths)
	scripts *scriptsrc.Index // built on first use (Scripts)
	shared  map[any]any      // built on first use (Shared)
}

// Engine is what the engine answers for a check.
type Engine interface {
	// Tokens returns the values of fn that carry a fencing token, with no
	// token assumed on entry.
	Tokens(fn *ssa.Function) *flow.Tokens

	// Report records a finding. Key should be the position of the effect
	// the finding is about, so that several checks matching one effect
	// yield one finding (the catalog's precedence, checks.Supersedes).
	Report(f Finding)

	// Implementations returns the functions of this package that an
	// interface call may dispatch to.
	Implementations(c *ssa.CallCommon) []*ssa.Function

	// DepImplementations returns the methods of the dependencies that an
	// interface call may dispatch to, among those the engine's own facts
	// (effects, acquisitions) are about.
	DepImplementations(c *ssa.CallCommon) []*types.Func

	// HandleText renders how the code names a section's lock handle, for
	// advice ("m" in m.Header().Revision).
	HandleText(sec *section.Section) string

	// KeyEvidence reports whether the package uses key as only a lock's
	// key is used (section.KeyEvidence).
	KeyEvidence(fn *ssa.Function, key ssa.Value) bool

	// HeldAt reports whether a SET NX lock taken in acq may be held where
	// del runs (keyscope.Scope.HeldAt): only there is a delete of its key
	// a release.
	HeldAt(acq, del *ssa.Function) bool

	// IsCustomCheck reports whether fn is a lease-validity query that the
	// configuration, an annotation or a dependency's CheckFact declares,
	// beside the knowledge base's (model.KB.ValidityChecks).
	IsCustomCheck(fn *types.Func) bool

	// RecordSummary records a check's summary of a method of this package
	// (a fact of the check's own, of the given kind) for the other
	// packages of a standalone run, which cannot import it.
	RecordSummary(fn *ssa.Function, obj *types.Func, kind string, f analysis.Fact)

	// ProgramSummaries returns the summaries of the given kind that other
	// packages of a standalone run recorded for the methods an interface
	// call may dispatch to. Outside a standalone run, and in its first
	// pass (where it records that the call wants them), it returns none.
	ProgramSummaries(c *ssa.CallCommon, kind string) []Summary
}

// Summary is a check's summary of a method of another package of the
// program (RecordSummary).
type Summary struct {
	Pkg, Type string // the method's package path and receiver type name
	Fact      analysis.Fact
}

// Local reports whether fn has a body in this package, counting the
// instances of its generic functions (calls.LocalOrInstance).
func (u *Unit) Local(fn *ssa.Function) bool { return calls.LocalOrInstance(fn, u.Pkg) }

// Generated reports whether pos is in a generated file (// Code generated
// ... DO NOT EDIT., not cgo): nobody edits it, so a check reports its
// problems at the hand-written code that chose it.
func (u *Unit) Generated(pos token.Pos) bool {
	gm, _ := u.Pass.ResultOf[generated.Analyzer].(map[string]generated.Generator)
	g, ok := gm[u.Pass.Fset.PositionFor(pos, false).Filename]
	return ok && g != generated.Cgo
}

// MaxDepth bounds how deep calls made inside a critical section are
// followed to their effects (the engine's walk), how far the checks look
// for the section a function runs in, and how many rounds find acquire
// wrappers of acquire wrappers (each round adds one level). Helpers of
// helpers rarely nest beyond three levels in application code; six leaves
// room for a repository layer between them without following whole
// programs.
const MaxDepth = 6

// Files classifies the package's file calls, its own file helpers
// included; the lock file checks share it.
func (u *Unit) Files() *leaserec.Files {
	if u.files == nil {
		u.files = leaserec.NewFiles(u.Funcs)
	}
	return u.files
}

// Scripts finds the Lua text of the package's script calls, through the
// package variables and fields that keep script values (the package's
// initialiser included); the release, renewal and fence rules share it.
func (u *Unit) Scripts() *scriptsrc.Index {
	if u.scripts == nil {
		fns := slices.Clone(u.Funcs)
		if u.Pkg != nil {
			if init := u.Pkg.Func("init"); init != nil {
				fns = append(fns, init)
			}
		}
		u.scripts = scriptsrc.New(fns)
	}
	return u.scripts
}

// Shared returns what build makes, built once per unit and key: an
// analysis of the package that checks of packages the unit cannot import
// share (leaseclaim's lease protocol, read by the renewal rule). Key is a
// value of a type private to the package that builds it.
func (u *Unit) Shared(key any, build func() any) any {
	if v, ok := u.shared[key]; ok {
		return v
	}
	if u.shared == nil {
		u.shared = map[any]any{}
	}
	v := build()
	u.shared[key] = v
	return v
}

// Paths tells which path values of the package name the same lock file;
// the lock file checks share it (and its memo).
func (u *Unit) Paths() *leaserec.Paths {
	if u.paths == nil {
		u.paths = leaserec.NewPaths(u.Index, u.Funcs)
	}
	return u.paths
}
