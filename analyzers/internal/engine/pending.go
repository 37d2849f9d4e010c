package engine

import (
	"fmt"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers/internal/effect"
	"github.com/fencecheck/fencecheck/analyzers/internal/fact"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/internal/program"
	"golang.org/x/tools/go/ssa"
)

// Interface calls left to the callers. A layered program declares its
// repository interfaces in the domain package and implements them in an
// infrastructure package the domain never imports; the two meet only in
// main. A summary of a domain service (UpdateStatus calls
// s.repo.UpdateStatus) therefore sees no implementation, and a lock taken
// in the application layer above would see no write below it. So a
// summary records such calls as pending (fact.PendingCall), a summary
// that calls it carries them up, and where a section finally reaches one,
// the standalone command answers it from the whole program's summaries,
// in its second pass, as it answers the section's own interface calls
// (dispatch). go vet and the plugin have no whole program: there the
// pending calls stay unanswered.

// Only a main module's own interfaces are left pending (ownInterface).

// maxPending bounds the pending calls one summary carries.
const maxPending = 4

// notePending records, while a summary is computed, an interface call
// nothing in view implements.
func (a *analysis_) notePending(ci ssa.CallInstruction, key string, iface *types.Interface) {
	if a.pending == nil || !a.ownInterface(ci.Common().Method) {
		return
	}
	p := a.pass.Fset.Position(ci.Pos())
	a.addPending(fact.PendingCall{Key: key, Iface: program.IfaceKeys(iface), Where: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)})
}

// ownInterface reports whether method belongs to an interface the
// analysed package's own module declares, the package being of a main
// module (the program being written, not a dependency): the layers meet in
// its main. A dependency's calls of its own interfaces stay with it, so
// that summaries of the libraries a program imports carry nothing pending,
// and their importers are not analysed for nothing.
func (a *analysis_) ownInterface(method *types.Func) bool {
	m := a.pass.Module
	if m == nil || !m.Main || m.Path == "" || method == nil || method.Pkg() == nil {
		return false
	}
	p := method.Pkg().Path()
	return p == m.Path || strings.HasPrefix(p, m.Path+"/")
}

func (a *analysis_) addPending(p fact.PendingCall) {
	ps := *a.pending
	if len(ps) >= maxPending || slices.ContainsFunc(ps, func(q fact.PendingCall) bool { return q.Key == p.Key && q.Where == p.Where }) {
		return
	}
	*a.pending = append(ps, p)
}

// pendingCall handles a pending call of the function obj a call ci
// reaches with args: inside a summary it is carried up; in a section, the
// first pass asks for it and the second reports what its implementations
// do. An effect an implementation's caller could fence by passing a token
// in (CarriedBy) is left out when ci is handed a token: whether the
// layers between pass it on is not known here.
func (a *analysis_) pendingCall(ci ssa.CallInstruction, obj *types.Func, p fact.PendingCall, args []ssa.Value, toks interface{ Has(ssa.Value) bool }, site ssa.CallInstruction, visit emitFunc) {
	if a.pending != nil {
		a.addPending(p)
		return
	}
	prog := a.prog
	if prog == nil {
		return
	}
	if !prog.Resolving() {
		prog.Want(a.pass.Pkg, p.Key, false)
		return
	}
	method, _, _ := strings.Cut(p.Key, " ")
	handed := slices.ContainsFunc(args, toks.Has)
	for _, im := range prog.LookupMethods(p.Key, p.Iface) {
		for _, re := range im.Effects {
			if re.Claim || handed && len(re.CarriedBy) > 0 {
				continue
			}
			e := effect.Remote(ci, obj, re.What, re.Via, re.Family, model.Cond(re.Cond), re.Where+" in "+filepath.Base(im.Pkg)+"."+im.Type+"."+method)
			e.Table = re.Table
			e.Receiver = nil
			visit(e, site)
		}
	}
}
