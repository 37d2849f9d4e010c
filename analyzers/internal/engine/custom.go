package engine

import (
	"fmt"
	"go/types"
	"path/filepath"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/annotation"
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/config"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/flow"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// FenceFact marks a function whose result, or a struct field whose value,
// is a fencing token (//fencecheck:fence or configuration).
type FenceFact struct{}

func (*FenceFact) AFact()         {}
func (*FenceFact) String() string { return "fence" }

// CheckFact marks a lease-validity query (//fencecheck:check).
type CheckFact struct{}

func (*CheckFact) AFact()         {}
func (*CheckFact) String() string { return "check" }

// custom is the knowledge a package adds through annotations and the
// configuration file, on top of model.
type custom struct {
	pass *analysis.Pass
	ann  *annotation.Set
	cfg  *config.Config
}

// loadConfig returns the configuration of the package of a pass, from
// configs (nil: fencecheck.json at the module root).
func loadConfig(pass *analysis.Pass, configs *config.Source) (*config.Config, error) {
	if configs.Named() == "" && len(pass.Files) == 0 {
		return &config.Config{}, nil
	}
	dir := ""
	if len(pass.Files) > 0 {
		dir = filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
	}
	return configs.For(dir)
}

func newCustom(pass *analysis.Pass, cfg *config.Config) *custom {
	c := &custom{pass: pass, ann: annotation.Parse(pass.Files, pass.TypesInfo), cfg: cfg}
	// Export what callers in other packages need to know.
	for fn, a := range c.ann.Funcs {
		switch a.Kind {
		case annotation.Fence:
			pass.ExportObjectFact(fn, new(FenceFact))
		case annotation.Check:
			pass.ExportObjectFact(fn, new(CheckFact))
		}
	}
	for v := range c.ann.Fields {
		pass.ExportObjectFact(v, new(FenceFact))
	}
	return c
}

// problems reports malformed annotations (FC0001).
func (c *custom) problems() []Finding {
	var out []Finding
	for _, p := range c.ann.Problems {
		out = append(out, Finding{Code: checks.Suppression, Pos: p.Pos, End: p.End, Message: p.Message})
	}
	return out
}

// isFence reports whether calling fn yields a fencing token.
func (c *custom) isFence(fn *types.Func) bool {
	if a := c.ann.Funcs[fn]; a != nil {
		return a.Kind == annotation.Fence
	}
	if model.MatchesAny(c.cfg.Library().Fences, fn) {
		return true
	}
	return fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, new(FenceFact))
}

// isFenceField reports whether a struct field holds a fencing token.
func (c *custom) isFenceField(owner *types.Named, v *types.Var) bool {
	if v == nil {
		return false
	}
	if c.ann.Fields[v] {
		return true
	}
	for _, f := range c.cfg.Library().FenceFields {
		if f.Matches(owner, v) {
			return true
		}
	}
	return v.Pkg() != nil && v.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(v, new(FenceFact))
}

// isCheck reports whether fn is a custom lease-validity query.
func (c *custom) isCheck(fn *types.Func) bool {
	if a := c.ann.Funcs[fn]; a != nil {
		return a.Kind == annotation.Check
	}
	if model.MatchesAny(c.cfg.Library().Validity, fn) {
		return true
	}
	return fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, new(CheckFact))
}

// lock returns the custom lock fn acquires, or nil: an annotated lock
// function, or the first lock of the configuration whose function it is.
func (c *custom) lock(fn *types.Func) *model.Lock {
	if a := c.ann.Funcs[fn]; a != nil && a.Lock != nil {
		return instantiate(a.Lock, fn)
	}
	for _, l := range c.cfg.Library().Locks {
		if model.MatchesAny(l.Acquire, fn) {
			return instantiate(l, fn)
		}
	}
	return nil
}

// instantiate returns a copy of a custom lock for the function fn it
// matches, its LastResult resolved.
func instantiate(l *model.Lock, fn *types.Func) *model.Lock {
	out := *l
	if out.Result == model.LastResult {
		out.Result = fn.Type().(*types.Signature).Results().Len() - 1
	}
	out.Release = slices.Clone(l.Release)
	return &out
}

func funcOf(fn *types.Func) model.Func {
	return model.Func{Pkg: fn.Pkg().Path(), Recv: model.RecvName(fn), Name: fn.Name()}
}

// sink returns the custom effect a call performs (an annotated or
// configured sink), or nil.
func (c *custom) sink(ci ssa.CallInstruction, toks *flow.Tokens) *effect.Effect {
	fn := calls.Callee(ci.Common())
	if fn == nil {
		return nil
	}
	var sink *model.Sink
	switch a := c.ann.Funcs[fn]; {
	case a != nil && a.Sink != nil:
		sink = a.Sink
	default:
		i := slices.IndexFunc(c.cfg.Library().Sinks, func(s *model.Sink) bool { return model.MatchesAny(s.Funcs, fn) })
		if i < 0 {
			return nil
		}
		sink = c.cfg.Library().Sinks[i]
	}
	args := ci.Common().Args
	if ci.Common().IsInvoke() {
		args = append([]ssa.Value{ci.Common().Value}, args...)
	}
	if slices.ContainsFunc(sink.CarriedBy, func(i int) bool { return i < len(args) && toks.Has(args[i]) }) {
		return nil
	}
	p := c.pass.Fset.Position(fn.Pos())
	return effect.Remote(ci, fn, "call to "+fn.Name(), sink.Family, sink.Family, sink.Cond, fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line))
}

// sinkFact is the summary exported for an annotated sink.
func (c *custom) sinkFact(fn *types.Func) *fact.EffectsFact {
	a := c.ann.Funcs[fn]
	if a == nil || a.Sink == nil {
		return nil
	}
	p := c.pass.Fset.Position(fn.Pos())
	return &fact.EffectsFact{Effects: []fact.RemoteEffect{{What: "call to " + fn.Name(), Via: a.Sink.Family, Family: a.Sink.Family,
		Cond: int(a.Sink.Cond), Where: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line), CarriedBy: a.Sink.CarriedBy}}}
}
