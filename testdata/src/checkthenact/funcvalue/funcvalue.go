// Package funcvalue is handed its lease check as a function value: a
// field of the worker set from the elector's method value where the
// program is wired, or a parameter. A write the check lets through is
// check-then-act as it would be after e.IsLeader(). A function value that
// asks something else (health, readiness) is no lease check.
package funcvalue

import (
	"context"
	"database/sql"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
)

type elector struct{ held bool }

func (e *elector) IsLeader() bool { return e.held }
func (e *elector) healthy() bool  { return true }

type reconciler struct {
	db       *sql.DB
	isLeader func() bool                    // named like a lease check
	allowed  func(ctx context.Context) bool // set from the elector's check
	ready    func() bool                    // set from a health probe
	unset    func() bool                    // never set here
}

func wire(e *elector, db *sql.DB) *reconciler {
	r := &reconciler{db: db, isLeader: e.IsLeader, ready: e.healthy}
	r.allowed = func(context.Context) bool { return e.IsLeader() }
	return r
}

func (r *reconciler) cycle(ctx context.Context, id int64) error {
	if !r.isLeader() {
		return nil
	}
	_, err := r.db.ExecContext(ctx, `UPDATE jobs SET state = 'reconciled' WHERE id = $1`, id) // want `UPDATE jobs .* runs only after isLeader at funcvalue.go:38`
	return err
}

func (r *reconciler) sweep(ctx context.Context, id int64) error {
	if r.allowed(ctx) {
		_, err := r.db.ExecContext(ctx, `UPDATE jobs SET state = 'swept' WHERE id = $1`, id) // want `UPDATE jobs .* runs only after allowed at funcvalue.go:46`
		return err
	}
	return nil
}

func (r *reconciler) probe(ctx context.Context, id int64) error {
	if !r.ready() || !r.unset() {
		return nil
	}
	_, err := r.db.ExecContext(ctx, `UPDATE jobs SET state = 'probed' WHERE id = $1`, id)
	return err
}

// runTicked is given its check as a parameter.
func runTicked(ctx context.Context, db *sql.DB, amLeader func() bool, id int64) error {
	if !amLeader() {
		return nil
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'ticked' WHERE id = $1`, id) // want `UPDATE jobs .* runs only after amLeader at funcvalue.go:63`
	return err
}

// runGated asks a parameter whose name says nothing of a lease.
func runGated(ctx context.Context, db *sql.DB, enabled func() bool, id int64) error {
	if !enabled() {
		return nil
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'gated' WHERE id = $1`, id)
	return err
}

func (r *reconciler) kept(ctx context.Context, id int64) error {
	if !r.isLeader() {
		return nil
	}
	//lint:ignore FC2001 jobs are keyed by the leader's term in the table's trigger
	_, err := r.db.ExecContext(ctx, `UPDATE jobs SET state = 'kept' WHERE id = $1`, id)
	return err
}

// statusUpdater patches a custom resource's status through the dynamic
// client while its elector says it leads.
type statusUpdater struct {
	client   dynamic.Interface
	isLeader func() bool
}

var slices = schema.GroupVersionResource{Group: "dns.example.com", Version: "v1", Resource: "slices"}

func (s *statusUpdater) process(ctx context.Context, ns, name string, data []byte) error {
	if !s.isLeader() {
		return nil
	}
	_, err := s.client.Resource(slices).Namespace(ns).Patch(ctx, name, types.MergePatchType, data, metav1.PatchOptions{}, "status") // want `Kubernetes Patch .* runs only after isLeader at funcvalue.go:\d+`
	return err
}

// read only reads.
func (s *statusUpdater) read(ctx context.Context, ns, name string) error {
	if !s.isLeader() {
		return nil
	}
	_, err := s.client.Resource(slices).Namespace(ns).Get(ctx, name, metav1.GetOptions{})
	return err
}

// optional runs unchecked in single-node mode (no elector configured) and
// otherwise only after the elector said it leads.
func (r *reconciler) optional(ctx context.Context, id int64) error {
	if r.allowed != nil && !r.allowed(ctx) {
		return nil
	}
	_, err := r.db.ExecContext(ctx, `UPDATE jobs SET state = 'optional' WHERE id = $1`, id) // want `UPDATE jobs .* runs only after allowed at funcvalue.go:\d+`
	return err
}

// either runs its write also when a flag that is no checker says so.
func (r *reconciler) either(ctx context.Context, id int64, force bool) error {
	if !force && !r.isLeader() {
		return nil
	}
	_, err := r.db.ExecContext(ctx, `UPDATE jobs SET state = 'forced' WHERE id = $1`, id)
	return err
}

// A generic ticker checks the lease and runs the work it was given,
// bound where the tickers are wired, through a wrapper that recovers
// panics.
type routes struct{ db *sql.DB }

func (r *routes) failover(ctx context.Context) {
	r.db.ExecContext(ctx, `UPDATE routes SET node = 'standby' WHERE id = 1`)
}

func (r *routes) probe(ctx context.Context) {}

func guard(name string, fn func(context.Context)) func(context.Context) {
	return func(ctx context.Context) {
		defer func() { _ = recover() }()
		fn(ctx)
	}
}

func runTicker(ctx context.Context, e *elector, fn func(context.Context)) {
	if e.IsLeader() {
		fn(ctx) // want `UPDATE routes .* runs only after IsLeader at funcvalue.go:\d+`
	}
}

// runAlways runs its work whatever the elector says.
func runAlways(ctx context.Context, e *elector, fn func(context.Context)) {
	_ = e.IsLeader()
	fn(ctx)
}

func wireTickers(ctx context.Context, e *elector, r *routes) {
	go runTicker(ctx, e, guard("failover", r.failover))
	go runTicker(ctx, e, r.probe)
	go runAlways(ctx, e, r.failover)
}
