package suite

// The configuration file (fencecheck.json), as drivers see it: read and
// validated once per file for a suite, checked and reported once,
// instead of by every package that reads it.

// Configs is the configuration side of a suite, provided by the engine:
// the files the suite's engine reads (Options.Config, or fencecheck.json
// at each module root), each read and validated once for the suite, the
// same value the engine is given.
type Configs interface {
	// Check validates the configuration that applies to dir, so that a
	// driver can report a malformed file once instead of per package. A
	// file found above dir in a directory that is no module root (the
	// root of a go.work workspace, say) is an error too: it would apply
	// to no package.
	Check(dir string) error
	// Packages returns the import paths of the packages the names of the
	// configuration that applies to dir belong to. A driver analyses those
	// packages even when nothing else would make it, so that the engine
	// resolves the names against them; nil when there is no valid file.
	Packages(dir string) map[string]bool
	// Program checks the configuration that applies to dir against the
	// packages of the build (Build): an entry naming a package that cannot
	// be part of the build is an error (a *ConfigError), with a suggestion;
	// an entry for a package that could be, but is not, is a warning.
	Program(dir string, b Build) ([]ConfigWarning, error)
	// MayExportFacts reports whether a dependency that a driver analyses
	// only for its facts could export any, judged before parsing it. When
	// it returns false the package can be skipped: the engine would find
	// nothing in it worth telling an importer.
	MayExportFacts(p Package) bool
	// MayReport is MayExportFacts for a package whose findings are
	// wanted: the checks could also report a malformed or unused
	// suppression comment, so the files are looked at for those too. When
	// it returns false, none of fencecheck's checks would report anything
	// in the package.
	MayReport(p Package) bool
}

// Build is what a driver knows of the packages it loaded.
type Build struct {
	// Loaded reports whether a package of that import path was loaded.
	Loaded func(path string) bool
	// Paths are the import paths of the loaded packages, for suggestions.
	Paths []string
}

// IsConfigError reports whether err, an analysis failure, is a problem of
// the configuration file that only the program shows (a name that matches
// nothing, an index the function does not have). Every package that finds
// it fails with the same error, so a driver may report it once.
func IsConfigError(err error) bool { return engine().IsConfigError(err) }

// A ConfigWarning is an entry of the configuration that cannot matter to
// the packages analysed.
type ConfigWarning struct {
	Pos string // path:line:col in the configuration file
	Msg string
}

// A Package is what the prefilter knows of a package before it is parsed.
type Package struct {
	Path     string   // its import path
	Dir      string   // its directory (for fencecheck.json)
	Imports  []string // its import paths
	DepFacts bool     // whether one of its dependencies exported facts
	Files    []string // its Go files, read only to look for comments
}

// ConfigFingerprint is a hash of the configuration files a run from dir
// reads: the file named, if not "", else fencecheck.json at dir's module
// root and at the root of each module of dir's go.work workspace ("" when
// there is none). A driver whose cache does not know these files mixes it
// into its cache key.
func ConfigFingerprint(dir, named string) string { return engine().ConfigFingerprint(dir, named) }
