// Command floor is the type-check floor of bench/perf: a go/analysis driver
// (x/tools singlechecker) running one analyzer that does nothing, so that
// its cost is loading, parsing and type checking (and, with -ssa, building
// go/ssa for every package through the buildssa pass).
//
// Like fencecheck's engine, the no-op analyzer declares a fact type, so the
// driver loads and analyses every dependency from source, exactly as the
// fencecheck CLI does; -facts=false measures the cheaper export-data load.
//
//	floor [-ssa] [-facts=false] packages...
package main

import (
	"flag"
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/analysis/singlechecker"
)

type noFact struct{}

func (*noFact) AFact()         {}
func (*noFact) String() string { return "noFact" }

func main() {
	// The driver's own flags are parsed by singlechecker; ours are picked
	// out of os.Args first.
	useSSA, useFacts := false, true
	args := []string{os.Args[0]}
	for _, a := range os.Args[1:] {
		switch a {
		case "-ssa", "--ssa":
			useSSA = true
		case "-facts=false", "--facts=false":
			useFacts = false
		default:
			args = append(args, a)
		}
	}
	os.Args = args

	a := &analysis.Analyzer{
		Name: "floor",
		Doc:  "does nothing: measures the driver's load and type-check cost",
		Run:  func(*analysis.Pass) (any, error) { return nil, nil },
	}
	if useFacts {
		a.FactTypes = []analysis.Fact{new(noFact)}
	}
	if useSSA {
		a.Name = "floorssa"
		a.Requires = []*analysis.Analyzer{buildssa.Analyzer}
		a.Run = func(pass *analysis.Pass) (any, error) {
			_ = pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
			return nil, nil
		}
	}
	_ = flag.CommandLine // singlechecker owns the flag set
	singlechecker.Main(a)
}
