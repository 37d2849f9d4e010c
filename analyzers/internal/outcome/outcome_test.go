package outcome

import (
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

// A renewal (renew, renewN) and what its callers do with its outcome.
const src = `package p

import (
	"context"
	"errors"
	"fmt"
	"log"
)

var errLost = errors.New("lost")

func renew() error       { return nil }
func renewN() (int, error) { return 0, nil }
func work()              {}

func discarded() { renew(); work() }

func statement() { go renew() }

func loggedOnly() {
	if err := renew(); err != nil {
		log.Print("renew: ", err)
	}
	work()
}

func loggedInLoop() {
	for {
		if err := renew(); err != nil {
			log.Printf("renew: %v", err)
			continue
		}
		work()
	}
}

func leavesLoop() {
	for {
		if err := renew(); err != nil {
			log.Println(err)
			break
		}
		work()
	}
}

func returned() error {
	if err := renew(); err != nil {
		return err
	}
	work()
	return nil
}

func wrapped() error {
	if err := renew(); err != nil {
		return fmt.Errorf("renew: %w", err)
	}
	return nil
}

func countChecked() error {
	n, err := renewN()
	if err != nil {
		return err
	}
	if n == 0 {
		return errLost
	}
	return nil
}

func countReturned() (int, error) {
	n, _ := renewN()
	return n, nil
}

func passedOn(f func(error)) { f(renew()) }

func loggedUnlessShutdown(ctx context.Context) {
	for {
		if err := renew(); err != nil {
			if ctx.Err() != nil {
				return
			}
			log.Printf("renew: %v", err)
			continue
		}
		work()
	}
}

func stopsOnError(ctx context.Context) {
	for {
		if err := renew(); err != nil {
			if ctx.Err() != nil {
				return
			}
			log.Printf("renew: %v", err)
			return
		}
		work()
	}
}
`

// renewalIn returns the call of renew or renewN in the function name.
func renewalIn(t *testing.T, pkg *ssa.Package, name string) (*ssa.Function, ssa.CallInstruction) {
	t.Helper()
	fn := pkg.Func(name)
	for ci := range calls.In(fn) {
		if c := ci.Common().StaticCallee(); c != nil && (c.Name() == "renew" || c.Name() == "renewN") {
			return fn, ci
		}
	}
	t.Fatalf("no renewal in %s", name)
	return nil, nil
}

// TestErrorDropped: an error discarded, or only logged while the code goes
// on as on success (also round a loop), is dropped; returned, wrapped,
// handed to a function, or logged before leaving the loop, it is not.
func TestErrorDropped(t *testing.T) {
	pkg := testutil.BuildSSA(t, src)
	for name, want := range map[string]string{
		"discarded":    "is discarded",
		"loggedOnly":   "is only logged and the code goes on as if the lease were renewed",
		"loggedInLoop": "is only logged and the code goes on as if the lease were renewed",
		"leavesLoop":   "",
		"returned":     "",
		"wrapped":      "",
		"passedOn":     "",
		// stopping because the code's own context ended is no answer to
		// the failure; the branch that goes on is the one judged
		"loggedUnlessShutdown": "is only logged and the code goes on as if the lease were renewed",
		"stopsOnError":         "",
	} {
		_, ci := renewalIn(t, pkg, name)
		if got := ErrorDropped(ci.(*ssa.Call), ci); got != want {
			t.Errorf("ErrorDropped in %s = %q, want %q", name, got, want)
		}
	}
}

// TestReturnsErr: the caller returns the renewal's error itself, wrapped,
// or decides an error of its own from the count; a function without an
// error result returns nothing.
func TestReturnsErr(t *testing.T) {
	pkg := testutil.BuildSSA(t, src)
	for name, want := range map[string]bool{"returned": true, "wrapped": true, "loggedOnly": false} {
		fn, ci := renewalIn(t, pkg, name)
		if got := ReturnsErr(fn, ci.(*ssa.Call)); got != want {
			t.Errorf("ReturnsErr in %s = %v, want %v", name, got, want)
		}
	}
	// The count of renewN: compared with 0 to return errLost.
	fn, ci := renewalIn(t, pkg, "countChecked")
	if n := calls.Result(ci.(*ssa.Call), 0); !ReturnsErr(fn, n) {
		t.Errorf("ReturnsErr(count) in countChecked = false, want true (n == 0 returns errLost)")
	}
	fn, ci = renewalIn(t, pkg, "countReturned")
	if n := calls.Result(ci.(*ssa.Call), 0); ReturnsErr(fn, n) || Returned(fn, n) != 0 {
		t.Errorf("countReturned: ReturnsErr = %v, Returned = %d, want false and 0", ReturnsErr(fn, n), Returned(fn, n))
	}
	if ErrIndex(fn) != 1 || ErrIndex(pkg.Func("discarded")) != -1 {
		t.Errorf("ErrIndex = %d, %d, want 1, -1", ErrIndex(fn), ErrIndex(pkg.Func("discarded")))
	}
}

// TestResultsDropped: a call statement or a go statement reads no result;
// a call whose error is compared does.
func TestResultsDropped(t *testing.T) {
	pkg := testutil.BuildSSA(t, src)
	for name, want := range map[string]bool{"discarded": true, "statement": true, "returned": false, "countReturned": false} {
		_, ci := renewalIn(t, pkg, name)
		if got := ResultsDropped(ci); got != want {
			t.Errorf("ResultsDropped in %s = %v, want %v", name, got, want)
		}
	}
}

// TestLogOnly: an error used only as an argument of a logger (through the
// variadic slice) is only logged; one returned is not.
func TestLogOnly(t *testing.T) {
	pkg := testutil.BuildSSA(t, src)
	_, ci := renewalIn(t, pkg, "loggedOnly")
	err := ci.(*ssa.Call)
	// The comparison err != nil is a use that is no logging.
	if LogOnly(err, 0) {
		t.Errorf("LogOnly(err) in loggedOnly = true, want false (compared with nil)")
	}
	for _, u := range Uses(err) {
		if _, ok := u.(*ssa.BinOp); ok {
			continue
		}
		if !logUse(u, err, 0) {
			t.Errorf("logUse(%v) = false, want true", u)
		}
	}
}

// The tests of a renewal's error for the loss, and what the branch taken
// on it does.
const swallowSrc = `package p

import (
	"errors"
	"log"
)

type lostErr struct{}

func (lostErr) Error() string { return "lost" }

var errLost = errors.New("lost")

func renew() error { return nil }
func work()        {}

func continues(items []int) error {
	for range items {
		err := renew()
		var le lostErr
		if errors.As(err, &le) {
			continue
		}
		work()
	}
	return nil
}

func returnsNil() error {
	err := renew()
	var le lostErr
	if errors.As(err, &le) {
		log.Print("lost")
		return nil
	}
	return err
}

func returnsLoss() error {
	err := renew()
	var le lostErr
	if errors.As(err, &le) {
		return errLost
	}
	return err
}

func returnsBool() (bool, error) {
	err := renew()
	var le lostErr
	if errors.As(err, &le) {
		return false, nil
	}
	return true, err
}

var held bool

func clearsFlag() error {
	err := renew()
	var le lostErr
	if errors.As(err, &le) {
		held = false
		return nil
	}
	return err
}
`

// TestSwallows: the branch taken when the renewal's error is the loss
// hides it when it goes back round the loop or returns a nil error (after
// at most logging); returning an error, a bool that can say "lost", or
// clearing a flag reaches the caller.
func TestSwallows(t *testing.T) {
	pkg := testutil.BuildSSA(t, swallowSrc)
	for name, want := range map[string]bool{"continues": true, "returnsNil": true, "returnsLoss": false, "returnsBool": false, "clearsFlag": false} {
		fn, ci := renewalIn(t, pkg, name)
		var got, found bool
		for b := range fn.Blocks {
			iff, ok := fn.Blocks[b].Instrs[len(fn.Blocks[b].Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			if c, ok := iff.Cond.(*ssa.Call); ok && c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == "As" {
				got, found = Swallows(fn, iff.Block().Succs[0], ci), true
			}
		}
		if !found || got != want {
			t.Errorf("Swallows in %s = %v (test found: %v), want %v", name, got, found, want)
		}
	}
}
