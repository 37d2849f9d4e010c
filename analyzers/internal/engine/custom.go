package engine

import (
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"slices"

	"github.com/fencecheck/fencecheck/analyzers/internal/annotation"
	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/config"
	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
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
	// fences and checks are cfg.Fences and cfg.Checks, parsed (a name that
	// does not parse matches nothing; checkConfig reports it).
	fences, checks []model.Func
}

// loadConfig finds and reads the configuration for a pass: the -config
// flag if set, else fencecheck.json at the module root.
func loadConfig(pass *analysis.Pass, configPath string) (*config.Config, error) {
	path := configPath
	if path == "" && len(pass.Files) > 0 {
		path = config.Find(filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name()))
	}
	if path == "" {
		return &config.Config{}, nil
	}
	if !filepath.IsAbs(path) && configPath == path {
		if _, err := os.Stat(path); err != nil {
			return nil, &config.Error{Msg: fmt.Sprintf("-config %s: %v (go vet runs fencecheck in each package's directory: give an absolute path)", path, err), Err: err}
		}
	}
	return config.Load(path)
}

func newCustom(pass *analysis.Pass, cfg *config.Config) *custom {
	c := &custom{pass: pass, ann: annotation.Parse(pass.Files, pass.TypesInfo), cfg: cfg,
		fences: parseFuncs(cfg.Fences), checks: parseFuncs(cfg.Checks)}
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

func parseFuncs(names []string) []model.Func {
	var out []model.Func
	for _, n := range names {
		if f, err := config.ParseFunc(n); err == nil {
			out = append(out, f)
		}
	}
	return out
}

// isFence reports whether calling fn yields a fencing token.
func (c *custom) isFence(fn *types.Func) bool {
	if a := c.ann.Funcs[fn]; a != nil {
		return a.Kind == annotation.Fence
	}
	if model.MatchesAny(c.fences, fn) {
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
	for _, f := range c.fences {
		if f.Recv != "" && (model.Field{Pkg: f.Pkg, Type: f.Recv, Name: f.Name}).Matches(owner, v) {
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
	if model.MatchesAny(c.checks, fn) {
		return true
	}
	return fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, new(CheckFact))
}

// lock returns the custom lock fn acquires, or nil.
func (c *custom) lock(fn *types.Func) *model.Lock {
	if a := c.ann.Funcs[fn]; a != nil && a.Kind == annotation.Lock {
		l := &model.Lock{Lib: "lock " + fn.Name(), HandleIsResult: -1,
			Fence: model.Fence{None: "pass this lock's fencing token (a value declared with //fencecheck:fence) to the write and compare it there, or take one from the protected store"}}
		sig := fn.Type().(*types.Signature)
		if a.Bool {
			l.Success, l.Result = model.BoolTrue, 0
		} else {
			l.Success, l.Result = model.ErrNil, sig.Results().Len()-1
		}
		for rel, ra := range c.ann.Funcs {
			if ra.Kind == annotation.Release {
				l.Release = append(l.Release, funcOf(rel))
			}
		}
		slices.SortFunc(l.Release, func(x, y model.Func) int { return cmpFunc(x, y) })
		return l
	}
	for _, cl := range c.cfg.Locks {
		f, err := config.ParseFunc(cl.Func)
		if err != nil || !f.Matches(fn) {
			continue
		}
		name := cl.Name
		if name == "" {
			name = "lock " + fn.Name()
		}
		l := &model.Lock{Lib: name, HandleIsResult: -1,
			Fence: model.Fence{None: "pass this lock's fencing token (a value listed under \"fences\" in " + filepath.Base(c.cfg.Path()) + ") to the write and compare it there, or take one from the protected store"}}
		sig := fn.Type().(*types.Signature)
		if cl.Success == "bool" {
			l.Success, l.Result = model.BoolTrue, 0
		} else {
			l.Success, l.Result = model.ErrNil, sig.Results().Len()-1
		}
		if cl.Result != nil {
			l.Result = *cl.Result
		}
		for _, r := range cl.Release {
			if rf, err := config.ParseFunc(r); err == nil {
				l.Release = append(l.Release, rf)
			}
		}
		return l
	}
	return nil
}

func funcOf(fn *types.Func) model.Func {
	return model.Func{Pkg: fn.Pkg().Path(), Recv: model.RecvName(fn), Name: fn.Name()}
}

func cmpFunc(x, y model.Func) int {
	if x.Pkg+x.Recv+x.Name < y.Pkg+y.Recv+y.Name {
		return -1
	}
	return 1
}

// sink returns the custom effect a call performs (an annotated or
// configured sink), or nil.
func (c *custom) sink(ci ssa.CallInstruction, toks *flow.Tokens) *effect.Effect {
	fn := calls.Callee(ci.Common())
	if fn == nil {
		return nil
	}
	var carriedBy []int
	switch a := c.ann.Funcs[fn]; {
	case a != nil && a.Kind == annotation.Sink:
		carriedBy = a.CarriedBy
	default:
		i := slices.IndexFunc(c.cfg.Sinks, func(s config.Sink) bool {
			f, err := config.ParseFunc(s.Func)
			return err == nil && f.Matches(fn)
		})
		if i < 0 {
			return nil
		}
		carriedBy = c.cfg.Sinks[i].CarriedBy
	}
	args := ci.Common().Args
	if ci.Common().IsInvoke() {
		args = append([]ssa.Value{ci.Common().Value}, args...)
	}
	if slices.ContainsFunc(carriedBy, func(i int) bool { return i < len(args) && toks.Has(args[i]) }) {
		return nil
	}
	p := c.pass.Fset.Position(fn.Pos())
	return effect.Remote(ci, fn, "call to "+fn.Name(), "custom effect", "custom effect", model.CondRequest, fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line))
}

// sinkFact is the summary exported for an annotated sink.
func (c *custom) sinkFact(fn *types.Func) *EffectsFact {
	a := c.ann.Funcs[fn]
	if a == nil || a.Kind != annotation.Sink {
		return nil
	}
	p := c.pass.Fset.Position(fn.Pos())
	return &EffectsFact{Effects: []RemoteEffect{{What: "call to " + fn.Name(), Via: "custom effect", Family: "custom effect",
		Cond: int(model.CondRequest), Where: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line), CarriedBy: a.CarriedBy}}}
}
