// Package analyzers lists fencecheck's checks. Each check is its own package
// with an exported Analyzer (for nogo and custom drivers); this package is the
// one list the command, the go vet tool and the golangci-lint plugin share.
package analyzers

import (
	"bytes"
	"os"

	"github.com/fencecheck/fencecheck/analyzers/checkthenact"
	"github.com/fencecheck/fencecheck/analyzers/ignoredleaseloss"
	"github.com/fencecheck/fencecheck/analyzers/internal/checker"
	"github.com/fencecheck/fencecheck/analyzers/internal/config"
	"github.com/fencecheck/fencecheck/analyzers/internal/engine"
	"github.com/fencecheck/fencecheck/analyzers/internal/model"
	"github.com/fencecheck/fencecheck/analyzers/randomfence"
	"github.com/fencecheck/fencecheck/analyzers/splitfencecheck"
	"github.com/fencecheck/fencecheck/analyzers/suppression"
	"github.com/fencecheck/fencecheck/analyzers/uncheckedfence"
	"github.com/fencecheck/fencecheck/analyzers/unfenceableeffect"
	"github.com/fencecheck/fencecheck/analyzers/unfencedwrite"
	"github.com/fencecheck/fencecheck/analyzers/unsaferelease"
	"github.com/fencecheck/fencecheck/analyzers/volatilefence"
	"github.com/fencecheck/fencecheck/analyzers/wallclockttl"
	"golang.org/x/tools/go/analysis"
)

// All is every fencecheck check, in code order.
var All = []*analysis.Analyzer{
	suppression.Analyzer,
	unfencedwrite.Analyzer,
	uncheckedfence.Analyzer,
	unfenceableeffect.Analyzer,
	checkthenact.Analyzer,
	splitfencecheck.Analyzer,
	randomfence.Analyzer,
	volatilefence.Analyzer,
	wallclockttl.Analyzer,
	unsaferelease.Analyzer,
	ignoredleaseloss.Analyzer,
}

// Check is a check's stable public identity: its code and analyzer name.
type Check = model.Check

// Catalog lists every check's code and analyzer name, in code order.
var Catalog = model.Catalog

// SuiteName stands for all checks at once (//nolint:fencecheck, the
// golangci-lint plugin name).
const SuiteName = model.SuiteName

// CheckByCode returns the check with the given code.
func CheckByCode(code string) (Check, bool) { return model.CheckByCode(code) }

// Engine is the shared analysis all checks require. Drivers that expose
// analyzer flags (go vet through unitchecker) list it so its flags, such as
// -fenceengine.config, can be set; it reports nothing itself.
var Engine = engine.Analyzer

// WithConfig returns a suite of its own (every check, in code order, on an
// engine of its own) that reads the configuration file at path instead of
// fencecheck.json at each module root; the file is validated first. It is
// for drivers that configure analyzers per instance, such as the
// golangci-lint plugin; the shared analyzers in All are not touched.
func WithConfig(path string) ([]*analysis.Analyzer, error) {
	if _, err := config.Load(path); err != nil {
		return nil, err
	}
	eng := engine.NewAnalyzer(path)
	var out []*analysis.Analyzer
	for _, c := range model.Catalog {
		out = append(out, checker.NewFor(c.Code, eng))
	}
	return out, nil
}

// SetConfig validates the configuration file at path and makes the engine
// read it instead of looking for fencecheck.json at each module root.
func SetConfig(path string) error {
	if _, err := config.Load(path); err != nil {
		return err
	}
	return engine.Analyzer.Flags.Set("config", path)
}

// CheckConfig validates the fencecheck.json that applies to dir, if any, so
// that a driver can report a malformed file once instead of per package.
func CheckConfig(dir string) error {
	if p := config.Find(dir); p != "" {
		_, err := config.Load(p)
		return err
	}
	return nil
}

// MayExportFacts reports whether a dependency that a driver analyses only
// for its facts could export any, judged before parsing it: from its
// directory (for fencecheck.json), its import paths, whether one of its own
// dependencies exported facts, and its Go files (read only to look for an
// annotation comment). When it returns false the package can be skipped:
// the engine would find nothing in it worth telling an importer.
func MayExportFacts(dir string, imports []string, depFacts bool, files []string) bool {
	return engine.MayExportFacts(dir, imports, depFacts, func() bool {
		return mention(files, engine.AnnotationPrefix)
	})
}

// MayReport is MayExportFacts for a package whose findings are wanted:
// the checks could also report a malformed or unused suppression comment,
// so the files are looked at for those too. When it returns false, none
// of fencecheck's checks would report anything in the package.
func MayReport(dir string, imports []string, depFacts bool, files []string) bool {
	return engine.MayExportFacts(dir, imports, depFacts, func() bool {
		return mention(files, engine.AnnotationPrefix, "//lint:", "//nolint")
	})
}

// mention reports whether a file contains one of the markers, or cannot be
// read (the type checker will say why).
func mention(files []string, markers ...string) bool {
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return true
		}
		for _, m := range markers {
			if bytes.Contains(data, []byte(m)) {
				return true
			}
		}
	}
	return false
}

// Program is what a driver that analyses a whole program in one process
// (the standalone command) may let the checks know about it: the concrete
// methods of every package, so that an interface call is resolved against
// implementations in packages its caller does not import.
type Program = engine.Program

// NewProgram returns an empty Program.
func NewProgram() *Program { return engine.NewProgram() }

// SetProgram installs p for the analyses that follow; nil removes it. A
// first run over the program records the implementations and the packages
// that need them (p.Wanted); after p.Resolve, a second run over those
// packages resolves their interface calls against the whole program.
func SetProgram(p *Program) { engine.SetProgram(p) }
