// Package leaderelect runs a reconciler as the client-go elected leader. The
// leader's work happens in OnStartedLeading; the (weak) fence is the Lease's
// spec.leaseTransitions, read while spec.holderIdentity is still us.
package leaderelect

import (
	"context"
	"database/sql"
	"log"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
)

const (
	namespace = "payments"
	leaseName = "payout-reconciler"
)

// config builds the election config for identity id with the given leader callback.
func config(cs kubernetes.Interface, id string, lead func(ctx context.Context)) leaderelection.LeaderElectionConfig {
	return leaderelection.LeaderElectionConfig{
		Lock: &resourcelock.LeaseLock{
			LeaseMeta:  metav1.ObjectMeta{Namespace: namespace, Name: leaseName},
			Client:     cs.CoordinationV1(),
			LockConfig: resourcelock.ResourceLockConfig{Identity: id},
		},
		LeaseDuration: 15 * time.Second,
		RenewDeadline: 10 * time.Second,
		RetryPeriod:   2 * time.Second,
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: lead,
			OnStoppedLeading: func() { log.Fatalf("%s: lost leadership of %s", id, leaseName) },
		},
	}
}

// RunUnfenced releases payouts with a plain UPDATE while leading.
func RunUnfenced(ctx context.Context, cs kubernetes.Interface, db *sql.DB, id string) {
	leaderelection.RunOrDie(ctx, config(cs, id, func(ctx context.Context) {
		if _, err := db.ExecContext(ctx, `UPDATE payouts SET state = 'released' WHERE state = 'approved'`); err != nil { // want "FC1001"
			log.Printf("release payouts: %v", err)
		}
	}))
}

// RunFenced reads leaseTransitions for our holder identity and compares it in the WHERE clause.
func RunFenced(ctx context.Context, cs kubernetes.Interface, db *sql.DB, id string) {
	leaderelection.RunOrDie(ctx, config(cs, id, func(ctx context.Context) {
		lease, err := cs.CoordinationV1().Leases(namespace).Get(ctx, leaseName, metav1.GetOptions{})
		if err != nil || lease.Spec.HolderIdentity == nil || *lease.Spec.HolderIdentity != id || lease.Spec.LeaseTransitions == nil {
			return
		}
		term := int64(*lease.Spec.LeaseTransitions)
		res, err := db.ExecContext(ctx,
			`UPDATE payout_runs SET state = 'released', term = $1 WHERE id = 1 AND term <= $1`, term)
		if err != nil {
			log.Printf("release payouts: %v", err)
			return
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			log.Printf("release payouts: superseded by a newer leader")
		}
	}))
}

// RunReadOnly only counts pending payouts while leading.
func RunReadOnly(ctx context.Context, cs kubernetes.Interface, db *sql.DB, id string) {
	leaderelection.RunOrDie(ctx, config(cs, id, func(ctx context.Context) {
		var pending int64
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM payouts WHERE state = 'approved'`).Scan(&pending); err != nil {
			log.Printf("count payouts: %v", err)
			return
		}
		log.Printf("%d payouts pending", pending)
	}))
}

// statusConfig elects the status syncer: the leader context is ignored and
// OnStoppedLeading does what stop says.
func statusConfig(cs kubernetes.Interface, id string, start func(), stop func()) leaderelection.LeaderElectionConfig {
	return leaderelection.LeaderElectionConfig{
		Lock: &resourcelock.LeaseLock{
			LeaseMeta:  metav1.ObjectMeta{Namespace: namespace, Name: "status-sync"},
			Client:     cs.CoordinationV1(),
			LockConfig: resourcelock.ResourceLockConfig{Identity: id},
		},
		LeaseDuration: 15 * time.Second,
		RenewDeadline: 10 * time.Second,
		RetryPeriod:   2 * time.Second,
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: func(_ context.Context) { start() }, // want "FC5002"
			OnStoppedLeading: func() { stop() },
		},
	}
}

// RunStatusSync syncs until OnStoppedLeading closes the stop channel the
// syncer runs until: the loss reaches it without the context (silent).
func RunStatusSync(ctx context.Context, cs kubernetes.Interface, id string, syncStatus func(stop <-chan struct{})) {
	var stopCh chan struct{}
	leaderelection.RunOrDie(ctx, leaderelection.LeaderElectionConfig{
		Lock: &resourcelock.LeaseLock{
			LeaseMeta:  metav1.ObjectMeta{Namespace: namespace, Name: "status-sync"},
			Client:     cs.CoordinationV1(),
			LockConfig: resourcelock.ResourceLockConfig{Identity: id},
		},
		LeaseDuration: 15 * time.Second,
		RenewDeadline: 10 * time.Second,
		RetryPeriod:   2 * time.Second,
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: func(_ context.Context) {
				stopCh = make(chan struct{})
				go syncStatus(stopCh)
			},
			OnStoppedLeading: func() {
				log.Printf("%s: no longer the status leader", id)
				close(stopCh)
			},
		},
	})
}
