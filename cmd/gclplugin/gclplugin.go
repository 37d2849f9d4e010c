// Package gclplugin is fencecheck's golangci-lint v2 module plugin.
//
// Importing the package registers the linter "fencecheck" with
// github.com/golangci/plugin-module-register; `golangci-lint custom` compiles
// it into a custom golangci-lint binary. The linter runs the analyzers of
// github.com/fencecheck/fencecheck/analyzers with the settings given under
// linters.settings.custom.fencecheck.settings in .golangci.yml:
//
//	checks: [FC1*, -FC1003]   # codes, analyzer names, globs, all; -X removes (default: all)
//	config: fencecheck.json   # a fencecheck configuration file (must exist)
//	baseline: fencecheck-baseline.json  # report only findings not recorded in it
//
// See docs/golangci-lint.md for the build and configuration steps.
package gclplugin

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/fencecheck/fencecheck/analyzers"
	"github.com/fencecheck/fencecheck/internal/baseline"
	"github.com/fencecheck/fencecheck/internal/suite"
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
)

// The plugin's name is the suite name: it is the linter name in
// .golangci.yml and the name //nolint:fencecheck refers to.
func init() { register.Plugin(analyzers.SuiteName, New) }

// Settings are the plugin's settings (linters.settings.custom.fencecheck.settings).
// golangci-lint lower-cases the keys, so the JSON names are lower-case.
type Settings struct {
	// Checks selects the checks to run, applied left to right: "all" (or
	// "*"), a code ("FC1001", any case), an analyzer name ("unfencedwrite")
	// or a glob over codes or names ("FC1*"); a leading "-" removes what the
	// item names. A list that starts with a removal starts from all checks,
	// so ["-FC1001"] is everything but FC1001. Empty or absent: all checks.
	Checks []string `json:"checks,omitempty"`

	// Config is the path of a fencecheck configuration file (fencecheck.json
	// format). A relative path is resolved against golangci-lint's working
	// directory; the file must exist and be valid. The plugin's analyzers
	// then run on an engine of their own that reads it
	// (analyzers.WithConfig); the shared analyzers are not changed. Without
	// it the engine reads fencecheck.json at each module root.
	Config string `json:"config,omitempty"`

	// Library turns library mode on: the checks also report inside the
	// lock libraries fencecheck knows, for their authors (as the
	// standalone command's -library flag and the configuration key
	// "library"). Off by default.
	Library bool `json:"library,omitempty"`

	// Baseline is the path of a baseline file written by the standalone
	// command's -baseline-write (internal/baseline): the findings it
	// records are not reported, as with fencecheck -baseline. A relative
	// path is resolved against golangci-lint's working directory; the file
	// must exist and be valid.
	Baseline string `json:"baseline,omitempty"`
}

// settingKeys are the keys Settings accepts, for error messages.
var settingKeys = []string{"baseline", "checks", "config", "library"}

// Plugin is one configured instance of the fencecheck linter.
// golangci-lint may create several; they share nothing but the
// (unmodified) analyzers.
type Plugin struct {
	settings Settings
	selected []*analysis.Analyzer
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New is the plugin constructor golangci-lint calls with the raw settings.
// Settings are decoded strictly: an unknown key, a check name that matches
// nothing or a missing config file is an error, so that a typo cannot
// silently turn a check off.
func New(conf any) (register.LinterPlugin, error) {
	if err := unknownKeys(conf); err != nil {
		return nil, err
	}
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("fencecheck settings: %w (accepted keys: %s)", err, strings.Join(settingKeys, ", "))
	}
	if s.Config != "" {
		abs, err := checkConfigFile(s.Config)
		if err != nil {
			return nil, err
		}
		s.Config = abs
	}
	var base *baseline.Baseline
	var baseHash string
	if s.Baseline != "" {
		abs, err := filepath.Abs(s.Baseline)
		if err != nil {
			return nil, fmt.Errorf("fencecheck settings: baseline: %w", err)
		}
		data, err := os.ReadFile(abs)
		if err == nil {
			base, err = baseline.Parse(data)
		}
		if err != nil {
			return nil, fmt.Errorf("fencecheck settings: baseline %s: %w", abs, err)
		}
		s.Baseline = abs
		h := sha256.Sum256(data)
		baseHash = hex.EncodeToString(h[:8])
	}
	picked, err := selectAnalyzers(analyzers.All, s.Checks)
	if err != nil {
		return nil, err
	}
	// The plugin's own suite: the configuration read once, here; the
	// selection handed to the engine, so that a check switched off hides no
	// other's finding; and the configuration's fingerprint in the engine's
	// name: golangci-lint keys its cache by the names of the analyzers a
	// linter returns (and their facts by analyzer name), so the engine is
	// returned too when there is a configuration.
	var ids []string
	for _, c := range suite.Of(picked) {
		ids = append(ids, c.ID)
	}
	opts := suite.Options{Config: s.Config, Library: s.Library, Checks: ids}
	if wd, err := os.Getwd(); err == nil {
		if fp := suite.ConfigFingerprint(wd, s.Config); fp != "" {
			opts.Fingerprint = fp[:16]
		}
	}
	// golangci-lint caches a package's issues by its analyzers' names: a
	// changed baseline must change one of them, as a changed configuration
	// does.
	if baseHash != "" {
		opts.Fingerprint += "b" + baseHash
	}
	own, err := suite.New(opts)
	if err != nil {
		return nil, fmt.Errorf("fencecheck settings: config: %w", err)
	}
	selected := own.Bind(suite.Of(picked))
	if base != nil {
		selected = withBaseline(selected, ids, base)
	}
	if opts.Fingerprint != "" {
		selected = append(selected, own.Engine)
	}
	return &Plugin{settings: s, selected: selected}, nil
}

// BuildAnalyzers returns the selected analyzers. The slice is fresh; the
// analyzers are the suite's shared values and must not be modified.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return slices.Clone(p.selected), nil
}

// GetLoadMode asks golangci-lint for type information: the checks work on
// SSA built from typed syntax.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// Settings returns the decoded settings, Config made absolute.
func (p *Plugin) Settings() Settings {
	s := p.settings
	s.Checks = slices.Clone(s.Checks)
	return s
}

// ConfigFile returns the absolute path of the fencecheck configuration
// file named in the settings, or "".
func (p *Plugin) ConfigFile() string { return p.settings.Config }

// unknownKeys reports every key of a settings map that Settings does not
// accept, by name. (DecodeSettings would name only the first.) JSON field
// matching is case-insensitive, so this is too.
func unknownKeys(conf any) error {
	m, ok := conf.(map[string]any)
	if !ok {
		return nil // nil (no settings) or another shape: DecodeSettings decides
	}
	var bad []string
	for k := range m {
		if !slices.ContainsFunc(settingKeys, func(s string) bool { return strings.EqualFold(s, k) }) {
			bad = append(bad, fmt.Sprintf("%q", k))
		}
	}
	if len(bad) == 0 {
		return nil
	}
	sort.Strings(bad)
	noun := "key"
	if len(bad) > 1 {
		noun = "keys"
	}
	return fmt.Errorf("fencecheck settings: unknown %s %s (accepted keys: %s)",
		noun, strings.Join(bad, ", "), strings.Join(settingKeys, ", "))
}

// checkConfigFile checks that the configuration file exists and is a
// regular file, and returns its absolute path.
func checkConfigFile(name string) (string, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", fmt.Errorf("fencecheck settings: config: %w", err)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("fencecheck settings: config: file %s does not exist", abs)
		}
		return "", fmt.Errorf("fencecheck settings: config: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return "", fmt.Errorf("fencecheck settings: config: %s is not a regular file", abs)
	}
	return abs, nil
}

// selectAnalyzers applies a checks list to the suite, with the semantics of
// the fencecheck command's -checks flag (suite.Select); analyzers missing
// from the catalog are known by their name. The result keeps the suite's
// order.
func selectAnalyzers(all []*analysis.Analyzer, items []string) ([]*analysis.Analyzer, error) {
	checks := suite.Of(all)
	out, err := suite.Select(checks, items)
	var se *suite.SelectError
	if !errors.As(err, &se) {
		return suite.Analyzers(out), err
	}
	switch se.Kind {
	case suite.EmptyItem:
		return nil, fmt.Errorf("fencecheck settings: checks: empty item %q", se.Item)
	case suite.BadPattern:
		return nil, fmt.Errorf("fencecheck settings: checks: bad pattern %q: %v", se.Name, se.Err)
	case suite.Unavailable:
		return nil, fmt.Errorf("fencecheck settings: checks: %q names %s (%s), which is not available in this version of fencecheck", se.Item, se.Check.Code, se.Check.Name)
	case suite.NoneLeft:
		return nil, fmt.Errorf("fencecheck settings: checks %q selects no check", items)
	}
	return nil, fmt.Errorf("fencecheck settings: checks: unknown check %q (known: %s)", se.Item, knownChecks(checks))
}

func knownChecks(cs []suite.Check) string {
	var s []string
	for _, c := range cs {
		if c.ID == c.Analyzer.Name {
			s = append(s, c.ID)
		} else {
			s = append(s, c.ID+" "+c.Analyzer.Name)
		}
	}
	return strings.Join(s, ", ")
}
