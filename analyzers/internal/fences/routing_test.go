package fences

import (
	"go/types"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

const routingSrc = `package p

import (
	"errors"
	"fmt"
)

var ErrNotLeader = errors.New("not leader")

var ErrPermissionDenied = errors.New("no access")

func isLeader() bool { return false }
func forwardToLeader() error { return nil }
func write() {}

// Forward: the not-held branch forwards the request.
func Forward() error {
	if !isLeader() {
		return forwardToLeader()
	}
	write()
	return nil
}

// Refuse: the not-held branch returns ErrNotLeader, wrapped.
func Refuse() error {
	if !isLeader() {
		return fmt.Errorf("refused: %w", ErrNotLeader)
	}
	write()
	return nil
}

// Worded: the not-held branch returns an error worded "not the primary".
func Worded() error {
	if !isLeader() {
		return errors.New("this node is not the primary")
	}
	write()
	return nil
}

// Denied: the not-held branch refuses the caller a right.
func Denied() error {
	if !isLeader() {
		return ErrPermissionDenied
	}
	write()
	return nil
}

// LeaseDenied: an error that says the lease was refused is the check
// protecting the write.
func LeaseDenied() error {
	if !isLeader() {
		return errors.New("lease denied")
	}
	write()
	return nil
}

// Skip: the not-held branch just returns: the check protects the write.
func Skip() error {
	if !isLeader() {
		return nil
	}
	write()
	return nil
}

// Other: an error that says nothing about leadership.
func Other() error {
	if !isLeader() {
		return errors.New("try later")
	}
	write()
	return nil
}
`

// notHeld returns the successor of fn's first If that does not lead to
// write(): the branch entered when isLeader() said false.
func notHeld(t *testing.T, fn *ssa.Function) *ssa.BasicBlock {
	t.Helper()
	for _, b := range fn.Blocks {
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		for _, s := range iff.Block().Succs {
			if !callsWrite(s) {
				return s
			}
		}
	}
	t.Fatalf("%s has no branch that skips write()", fn.Name())
	return nil
}

func callsWrite(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		if c, ok := instr.(*ssa.Call); ok {
			if f := c.Call.StaticCallee(); f != nil && f.Name() == "write" {
				return true
			}
		}
	}
	return false
}

// TestRoutes: a leader check whose not-held branch forwards, or refuses
// with a "not leader" error, is routing; one that just returns is not.
func TestRoutes(t *testing.T) {
	pkg := testutil.BuildSSA(t, routingSrc)
	for name, want := range map[string]bool{"Forward": true, "Refuse": true, "Worded": true, "Denied": true, "LeaseDenied": false, "Skip": false, "Other": false} {
		if got := routes(notHeld(t, pkg.Func(name))); got != want {
			t.Errorf("routes(%s) = %v, want %v", name, got, want)
		}
	}
}

func TestNotLeader(t *testing.T) {
	for s, want := range map[string]bool{
		"ErrNotLeader":        true,
		"not the leader":      true,
		"node is not primary": true,
		"leader elected":      false,
		"connection refused":  false,
		"ErrNotFound":         false,
	} {
		if got := notLeader(s); got != want {
			t.Errorf("notLeader(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestLeaseCheckName(t *testing.T) {
	for name, want := range map[string]bool{
		"IsLeader":    true,
		"AmILeader":   true,
		"HasLease":    true,
		"IsLocked":    false, // whether anyone holds it, not this process
		"Leader":      false, // a getter: one word
		"IsReady":     false,
		"ElectLeader": false,
	} {
		if got := leaseCheckName(name); got != want {
			t.Errorf("leaseCheckName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestIsError(t *testing.T) {
	if !isError(errorType) {
		t.Error("error is not an error")
	}
	if isError(types.Typ[types.String]) {
		t.Error("string is an error")
	}
}
