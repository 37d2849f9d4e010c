// Package crash turns a panic during the analysis of one package into an
// error that names the package, so that a bug of fencecheck costs the
// findings of that package only, and the user sees one line to report
// instead of a Go trace.
package crash

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
)

// StackEnv is the environment variable that, when not empty, adds the
// goroutine's stack to the message.
const StackEnv = "FENCECHECK_STACK"

// Error is a panic recovered while one package was analysed.
type Error struct {
	Pkg   string // the package's path
	Stage string // what ran: an analyzer's name, or a step of the driver
	Value any    // the panic value
	Frame string // where it panicked: function (file:line)
	Note  string // what else the panic cost, if anything
	Stack []byte // the goroutine's stack where it was recovered
}

// New returns the error for the panic value v, recovered while stage ran on
// the package pkg ("" if not on one package). Call it from the deferred
// function that recovered v.
func New(pkg, stage string, v any) *Error {
	if e, ok := v.(*Error); ok {
		return e // recovered once already, and panicked again further up
	}
	return &Error{Pkg: pkg, Stage: stage, Value: v, Frame: panicFrame(), Stack: debug.Stack()}
}

// Error says, in one line, which package and which stage failed, the panic
// value and where it was raised, and what to do; with FENCECHECK_STACK set,
// the stack follows.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("internal error")
	if e.Pkg != "" {
		fmt.Fprintf(&b, " in package %s", e.Pkg)
	}
	fmt.Fprintf(&b, " (%s): panic: %s", e.Stage, oneLine(fmt.Sprint(e.Value)))
	if e.Frame != "" {
		fmt.Fprintf(&b, " at %s", e.Frame)
	}
	if e.Note != "" {
		fmt.Fprintf(&b, "; %s", e.Note)
	}
	if e.Pkg != "" {
		b.WriteString("; the other packages were analysed")
	}
	fmt.Fprintf(&b, ". This is a bug in fencecheck: please report this line "+
		"(and the stack: rerun with %s=1) at https://github.com/fencecheck/fencecheck/issues", StackEnv)
	if os.Getenv(StackEnv) != "" {
		b.WriteString("\n")
		b.Write(e.Stack)
	}
	return b.String()
}

// Is reports whether err is, or wraps, an internal error.
func Is(err error) bool {
	var e *Error
	return errors.As(err, &e)
}

// oneLine keeps a multi-line panic value on the error's line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " | ")), " ")
}

// panicFrame returns the function that panicked, as "pkg.Func (file.go:12)":
// the first frame below runtime.gopanic outside the runtime (an index out of
// range panics in runtime.goPanicIndex, called from the faulty function).
func panicFrame() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	panicking := false
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "runtime.gopanic":
			panicking = true
		case panicking && !strings.HasPrefix(f.Function, "runtime."):
			return fmt.Sprintf("%s (%s:%d)", shortFunc(f.Function), shortFile(f.File), f.Line)
		}
		if !more {
			return ""
		}
	}
}

// shortFunc drops the module path of a function name: "engine.(*a).walk".
func shortFunc(fn string) string {
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		return fn[i+1:]
	}
	return fn
}

// shortFile keeps the last directory and the file name.
func shortFile(file string) string {
	parts := strings.Split(file, "/")
	if len(parts) > 2 {
		parts = parts[len(parts)-2:]
	}
	return strings.Join(parts, "/")
}
