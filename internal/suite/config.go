package suite

// The configuration file (fencecheck.json), as drivers see it: checked
// once and reported once, instead of by every package that reads it.

// CheckConfig validates the fencecheck.json that applies to dir, if any,
// so that a driver can report a malformed file once instead of per
// package. A file found above dir in a directory that is no module root
// (the root of a go.work workspace, say) is an error too: it would apply
// to no package.
func CheckConfig(dir string) error { return engine().CheckConfig(dir) }

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

// ConfigPackages returns the import paths of the packages the names of
// the configuration file that applies to dir (or of path, if not "")
// belong to. A driver analyses those packages even when nothing else would
// make it, so that the engine resolves the names against them; nil when
// there is no valid file.
func ConfigPackages(dir, path string) map[string]bool { return engine().ConfigPackages(dir, path) }

// ConfigWarnings lists the entries of the configuration file that applies
// to dir (or of path, if not "") whose package is not in the build, as
// told by inBuild: they match nothing. An invalid file has no warnings;
// CheckConfig and New report it.
func ConfigWarnings(dir, path string, inBuild func(pkgPath string) bool) []ConfigWarning {
	return engine().ConfigWarnings(dir, path, inBuild)
}

// A Package is what the prefilter knows of a package before it is parsed.
type Package struct {
	Path     string   // its import path
	Dir      string   // its directory (for fencecheck.json)
	Imports  []string // its import paths
	DepFacts bool     // whether one of its dependencies exported facts
	Files    []string // its Go files, read only to look for comments
}

// MayExportFacts reports whether a dependency that a driver analyses only
// for its facts could export any, judged before parsing it; config is the
// configuration file the run uses ("" for fencecheck.json at the module
// root). When it returns false the package can be skipped: the engine
// would find nothing in it worth telling an importer.
func MayExportFacts(p Package, config string) bool { return engine().MayExportFacts(p, config) }

// MayReport is MayExportFacts for a package whose findings are wanted: the
// checks could also report a malformed or unused suppression comment, so
// the files are looked at for those too. When it returns false, none of
// fencecheck's checks would report anything in the package.
func MayReport(p Package, config string) bool { return engine().MayReport(p, config) }
