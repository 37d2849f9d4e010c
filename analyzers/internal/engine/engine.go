// Package engine is fencecheck's analysis core. Once per package it finds
// lock acquisitions, computes their critical sections over SSA, follows the
// fencing token through the code, classifies every effect inside a section
// and decides which check applies to it. The check analyzers only select the
// findings of their code.
package engine

import (
	"reflect"

	"golang.org/x/tools/go/analysis"
)

// Analyzer is the engine. It reports nothing itself; its Result is consumed
// by the check analyzers.
var Analyzer = &analysis.Analyzer{
	Name:       "fenceengine",
	Doc:        "fencecheck's shared analysis engine: critical sections, fence flow and effects (reports nothing by itself)",
	URL:        "https://github.com/fencecheck/fencecheck/blob/main/docs/design.md",
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(EffectsFact), new(HelperFact), new(AcquireFact)},
}
