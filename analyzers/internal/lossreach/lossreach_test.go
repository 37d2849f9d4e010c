package lossreach

import (
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/analyzers/internal/calls"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil"
	"github.com/fencecheck/fencecheck/analyzers/internal/testutil/testunit"
	"github.com/fencecheck/fencecheck/analyzers/internal/unit"
	"github.com/fencecheck/fencecheck/internal/checks"
	"golang.org/x/tools/go/ssa"
)

// A lease of no library: claimed by AcquireLease, renewed by Renew. The
// lines marked "report" are where FC5002 is reported; the look-alikes pass
// the loss on (a cancel func, a cleared flag, an error returned).
const src = `package p

import (
	"context"
	"log"
	"time"
)

type Lease struct{}

func (l *Lease) Renew() error { return nil }

func AcquireLease(ctx context.Context) (*Lease, error) { return &Lease{}, nil }

func process(ctx context.Context) {}

func Run(ctx context.Context) error {
	l, err := AcquireLease(ctx)
	if err != nil {
		return err
	}
	go func() {
		for {
			time.Sleep(time.Second)
			if err := l.Renew(); err != nil { // report: isolated heartbeat
				log.Println("renew:", err)
			}
		}
	}()
	process(ctx)
	return nil
}

func RunCancel(ctx context.Context) error {
	l, err := AcquireLease(ctx)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		for {
			time.Sleep(time.Second)
			if err := l.Renew(); err != nil {
				cancel()
				return
			}
		}
	}()
	process(ctx)
	return nil
}

type Elector struct {
	isLeader bool
	lease    *Lease
}

func (e *Elector) tick() {
	if e.isLeader {
		if err := e.lease.Renew(); err != nil { // report: sticky flag
			log.Println("renew failed:", err)
			return
		}
		return
	}
	if l, err := AcquireLease(context.Background()); err == nil {
		e.lease = l
		e.isLeader = true
	}
}

func (e *Elector) IsLeader() bool { return e.isLeader }

type Careful struct {
	isLeader bool
	lease    *Lease
}

func (c *Careful) tick() {
	if c.isLeader {
		if err := c.lease.Renew(); err != nil {
			log.Println("renew failed:", err)
			c.isLeader = false
			return
		}
		return
	}
	if l, err := AcquireLease(context.Background()); err == nil {
		c.lease = l
		c.isLeader = true
	}
}

func (c *Careful) IsLeader() bool { return c.isLeader }
`

// recorder is the engine of a test: it keeps the findings.
type recorder struct {
	unit.Engine
	found []unit.Finding
}

func (r *recorder) Report(f unit.Finding) { r.found = append(r.found, f) }

// TestCheck: the isolated heartbeat and the sticky flag are reported at
// their renewals, their look-alikes are not; a renewal another rule
// judges is left to it.
func TestCheck(t *testing.T) {
	u := testunit.Build(t, src)
	rec := &recorder{}
	u.Engine = rec
	Check(u, func(ssa.CallInstruction) bool { return false }, func(ssa.CallInstruction) bool { return false })
	want := map[int]string{}
	for i, line := range strings.Split(src, "\n") {
		if _, what, ok := strings.Cut(line, "// report: "); ok {
			want[i+1] = what
		}
	}
	got := map[int]string{}
	for _, f := range rec.found {
		if f.Code != checks.IgnoredLeaseLoss {
			t.Errorf("finding %s, want only FC5002: %s", f.Code, f.Message)
		}
		line := u.Pass.Fset.Position(f.Pos).Line
		got[line] = f.Message
		if want[line] == "" {
			t.Errorf("unexpected finding at line %d: %s", line, f.Message)
		}
	}
	for line, what := range want {
		if got[line] == "" {
			t.Errorf("no finding at line %d (%s)", line, what)
		}
	}
	if msg := got[findLine(src, "isolated heartbeat")]; msg != "" && !strings.Contains(msg, "heartbeat goroutine renews the lease claimed at p.go:") {
		t.Errorf("heartbeat message = %q", msg)
	}
	if msg := got[findLine(src, "sticky flag")]; msg != "" && !strings.Contains(msg, "isLeader, which says this process holds the lease") {
		t.Errorf("sticky flag message = %q", msg)
	}

	// Renewals judged elsewhere (a renewal summary of the caller's) are
	// not reported twice, except by the isolated heartbeat, whose failure
	// reaches nobody whatever the renewal's own rule says of its error
	// (one finding per problem: both use the renewal call as the Key).
	rec.found = nil
	Check(u, func(ssa.CallInstruction) bool { return true }, func(ssa.CallInstruction) bool { return false })
	for _, f := range rec.found {
		if line := u.Pass.Fset.Position(f.Pos).Line; line != findLine(src, "isolated heartbeat") {
			t.Errorf("with every renewal judged elsewhere: finding at line %d: %s", line, f.Message)
		}
	}
}

func findLine(src, marker string) int {
	for i, line := range strings.Split(src, "\n") {
		if strings.Contains(line, marker) {
			return i + 1
		}
	}
	return -1
}

// TestRead: a channel received from, or handed to a closure that
// receives from it, is read; one only compared with nil, or never used,
// is not.
func TestRead(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

func lock() (<-chan struct{}, error) { return nil, nil }

func received() { lost, _ := lock(); <-lost }

func closure() {
	lost, _ := lock()
	go func() { <-lost }()
}

func nilOnly() {
	lost, _ := lock()
	if lost == nil {
		return
	}
}

func unused() { lock() }
`)
	for name, want := range map[string]bool{"received": true, "closure": true, "nilOnly": false, "unused": false} {
		var lost ssa.Value
		for ci := range calls.In(pkg.Func(name)) {
			if c, ok := ci.(*ssa.Call); ok && c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == "lock" {
				lost = calls.Result(c, 0)
			}
		}
		got := lost != nil && Read(lost, 0)
		if got != want {
			t.Errorf("Read(lost) in %s = %v, want %v", name, got, want)
		}
	}
}

// TestReachesWork: the paths from a session's end stop the work when they
// cancel the work's own context, call a function value, or return an
// error; logging and cancelling another context (a timeout for the
// resignation) do not.
func TestReachesWork(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

import (
	"context"
	"errors"
	"log"
)

func done() <-chan struct{} { return nil }

func logOnly(ctx context.Context) error {
	<-done()
	log.Println("session lost")
	return nil
}

func cancels(ctx context.Context) error {
	work, cancel := context.WithCancel(ctx)
	_ = work
	<-done()
	cancel()
	return nil
}

func otherCancel(ctx context.Context) error {
	<-done()
	rctx, cancel := context.WithTimeout(context.Background(), 1)
	defer cancel()
	_ = rctx
	return nil
}

func returnsErr(ctx context.Context) error {
	<-done()
	return errors.New("session lost")
}

func callsValue(ctx context.Context, onLost func()) error {
	<-done()
	onLost()
	return nil
}
`)
	for name, want := range map[string]bool{"logOnly": false, "cancels": true, "otherCancel": false, "returnsErr": true, "callsValue": true} {
		fn := pkg.Func(name)
		var end *ssa.Call
		chain := map[*ssa.Call]bool{}
		for ci := range calls.In(fn) {
			c, ok := ci.(*ssa.Call)
			if !ok {
				continue
			}
			if callee := c.Call.StaticCallee(); callee != nil && callee.Name() == "done" {
				end = c
			}
			if callee := calls.Callee(&c.Call); callee != nil && callee.Name() == "WithCancel" {
				chain[c] = true // the work runs under this context
			}
		}
		if got := reachesWork(end, chain); got != want {
			t.Errorf("reachesWork in %s = %v, want %v", name, got, want)
		}
	}
}

// TestSkipsCancel: a failure path that goes round to the next renewal
// having only logged skips the cancel; one that cancels, or compares a
// count first, does not.
func TestSkipsCancel(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

import "log"

func renew() error { return nil }

func logsAndLoops(cancel func()) {
	for {
		if err := renew(); err != nil {
			log.Println(err)
			continue
		}
	}
}

func cancels(cancel func()) {
	for {
		if err := renew(); err != nil {
			cancel()
			return
		}
	}
}

func counts(cancel func()) {
	n := 0
	for {
		if err := renew(); err != nil {
			n++
			if n == 3 {
				cancel()
			}
			continue
		}
	}
}
`)
	for name, want := range map[string]bool{"logsAndLoops": true, "cancels": false, "counts": false} {
		var got bool
		for ci := range calls.In(pkg.Func(name)) {
			c, ok := ci.(*ssa.Call)
			if !ok || c.Call.StaticCallee() == nil || c.Call.StaticCallee().Name() != "renew" {
				continue
			}
			fail := failureBlock(c)
			if fail == nil {
				t.Fatalf("%s: no failure branch found", name)
			}
			got = skipsCancel(fail, c.Block()) != nil
		}
		if got != want {
			t.Errorf("skipsCancel in %s = %v, want %v", name, got, want)
		}
	}
}

// TestStoppedReaches: a stopped callback carries the loss when it clears a
// flag the gate reads (the started callback only records leadership), or
// closes a channel the started work reads; not when it only logs, clears
// a flag nobody reads, or clears a flag the working started callback
// ignores.
func TestStoppedReaches(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

import (
	"context"
	"log"
	"sync/atomic"
)

type elector struct {
	leader atomic.Bool
	unread int32
	quit   chan struct{}
}

var e elector

func work() {}

func IsLeader() bool { return e.leader.Load() }

func records(context.Context)    { e.leader.Store(true) }
func recordsUnread(context.Context) { atomic.StoreInt32(&e.unread, 1) }
func loops(context.Context)      { for { work() } }
func waits(context.Context)      { e.quit = make(chan struct{}); go func() { <-e.quit }() }

func clears()       { e.leader.Store(false) }
func clearsUnread() { atomic.StoreInt32(&e.unread, 0) }
func closes()       { close(e.quit) }
func logs()         { log.Print("stopped leading") }
`)
	var funcs []*ssa.Function
	for _, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok {
			funcs = append(funcs, fn)
			funcs = append(funcs, fn.AnonFuncs...)
		}
	}
	for _, tc := range []struct {
		started, stopped string
		want             bool
	}{
		{"records", "clears", true},
		{"records", "logs", false},
		{"recordsUnread", "clearsUnread", false},
		{"loops", "clears", false},
		{"waits", "closes", true},
		{"loops", "closes", false},
	} {
		if got := StoppedReaches(funcs, pkg.Func(tc.started), pkg.Func(tc.stopped)); got != tc.want {
			t.Errorf("StoppedReaches(%s, %s) = %v, want %v", tc.started, tc.stopped, got, tc.want)
		}
	}
}

// TestReturnsUnwatched: work on a branch that returns without reading the
// session's end is unwatched; work from which every path reaches the read
// (a failure return on the way aside) is not.
func TestReturnsUnwatched(t *testing.T) {
	pkg := testutil.BuildSSA(t, `package p

import "errors"

func done() <-chan struct{} { return nil }
func run()                  {}
func show() error           { return nil }

func branch(cmd bool) error {
	if cmd {
		run()
		return nil
	}
	<-done()
	return errors.New("lost")
}

func waits() error {
	if err := show(); err != nil {
		return err
	}
	<-done()
	return errors.New("lost")
}
`)
	for name, want := range map[string]bool{"branch": true, "waits": false} {
		fn := pkg.Func(name)
		var ends []*ssa.Call
		var work ssa.Instruction
		for ci := range calls.In(fn) {
			c, ok := ci.(*ssa.Call)
			if !ok || c.Call.StaticCallee() == nil {
				continue
			}
			switch c.Call.StaticCallee().Name() {
			case "done":
				ends = append(ends, c)
			case "run", "show":
				work = c
			}
		}
		if got := returnsUnwatched(work, ends); got != want {
			t.Errorf("returnsUnwatched in %s = %v, want %v", name, got, want)
		}
	}
}
