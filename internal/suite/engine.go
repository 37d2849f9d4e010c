package suite

import (
	"fmt"
	"sync/atomic"
)

// Engine is the engine side of this package, provided by package
// analyzers (Register). Its methods are documented at the functions of
// this package that call them.
type Engine interface {
	Shared() *Suite
	New(Options) (*Suite, error)
	NewProgram() Program
	IsConfigError(err error) bool
	ConfigFingerprint(dir, named string) string
}

// registered is set once, by package analyzers' initialisation, and read
// only afterwards: the one package-level variable here, and not a setting
// (the pattern of x/tools' internal hooks such as packagesinternal).
var registered atomic.Pointer[Engine]

// Register provides the engine. Package analyzers calls it when it is
// initialised; a second call panics.
func Register(e Engine) {
	if !registered.CompareAndSwap(nil, &e) {
		panic("fencecheck: suite.Register called twice")
	}
}

func engine() Engine {
	e := registered.Load()
	if e == nil {
		panic(fmt.Sprintf("fencecheck: the engine is not linked in: import %q", "github.com/fencecheck/fencecheck/analyzers"))
	}
	return *e
}
