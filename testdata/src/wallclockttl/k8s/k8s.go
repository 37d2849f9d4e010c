// Package k8s exercises FC4001 on Kubernetes lease records, whose
// timestamps were written with another host's clock.
package k8s

import (
	"context"
	"errors"
	"log"
	"sort"
	"time"

	coordinationv1 "k8s.io/api/coordination/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	coordinationv1client "k8s.io/client-go/kubernetes/typed/coordination/v1"
	rl "k8s.io/client-go/tools/leaderelection/resourcelock"
)

var errHeld = errors.New("lease held by another instance")

// takeOver steals the lease when the record looks stale by this host's
// clock.
func takeOver(ctx context.Context, lock rl.Interface, id string, leaseDuration time.Duration) error {
	rec, _, err := lock.Get(ctx)
	if err != nil {
		return err
	}
	if rec.RenewTime.Add(leaseDuration).After(time.Now()) { // want `decides lease expiry by comparing the leader election record's RenewTime \(written with the leader's clock\) plus a lease duration \(leaseDuration, a lock TTL by its name\) with this host's clock \(time.Now\(\)\), and its result decides whether resourcelock Update`
		return errHeld
	}
	rec.HolderIdentity = id
	rec.AcquireTime = metav1.Now()
	rec.RenewTime = metav1.Now()
	return lock.Update(ctx, *rec)
}

// stealLease does the same with a Lease object and its own duration.
func stealLease(ctx context.Context, leases coordinationv1client.LeaseInterface, name, id string) error {
	lease, err := leases.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	ttl := time.Duration(*lease.Spec.LeaseDurationSeconds) * time.Second
	expired := lease.Spec.RenewTime == nil || lease.Spec.RenewTime.Add(ttl).Before(time.Now()) // want `the Lease's spec.renewTime \(written with the holder's clock\) plus a lease duration \(the Lease's spec.leaseDurationSeconds\)`
	if !expired {
		return errHeld
	}
	lease.Spec.HolderIdentity = &id
	_, err = leases.Update(ctx, lease, metav1.UpdateOptions{})
	return err
}

// isLeaderStale hands its verdict to callers that act on it.
func isLeaderStale(rec *rl.LeaderElectionRecord) bool {
	now := metav1.Now()
	deadline := metav1.NewTime(rec.RenewTime.Add(time.Duration(rec.LeaseDurationSeconds) * time.Second))
	return deadline.Before(&now) // want `deadline.Before\(&now\). decides lease expiry .* and isLeaderStale returns the result as its verdict on the lease`
}

// ageSeconds compares integers of the two clocks.
func ageSeconds(ctx context.Context, lock rl.Interface, rec rl.LeaderElectionRecord, id string) error {
	if time.Now().Unix()-rec.RenewTime.Unix() < int64(rec.LeaseDurationSeconds) { // want `Unix\(\) integers and UTC\(\)/Round\(0\)/Truncate values have no monotonic reading`
		return errHeld
	}
	rec.HolderIdentity = id
	return lock.Create(ctx, rec)
}

// Silent: the record's timestamps are only stored, logged, sorted or
// counted.

func renew(ctx context.Context, lock rl.Interface, rec rl.LeaderElectionRecord) error {
	rec.RenewTime = metav1.Now() // stored, not compared
	return lock.Update(ctx, rec)
}

var staleObservations int

func observe(rec *rl.LeaderElectionRecord) {
	log.Printf("lease renewed %s ago", time.Since(rec.RenewTime.Time))
	if time.Since(rec.RenewTime.Time) > time.Minute { // a metric, decides no write
		staleObservations++
	}
}

func newest(recs []rl.LeaderElectionRecord) {
	sort.Slice(recs, func(i, j int) bool { return recs[j].RenewTime.Before(&recs[i].RenewTime) }) // no local clock
}

// elector uses an injected clock, as client-go does.
type elector struct {
	clock interface{ Now() time.Time }
	lock  rl.Interface
}

func (e *elector) tryAcquire(ctx context.Context, id string) error {
	rec, _, err := e.lock.Get(ctx)
	if err != nil {
		return err
	}
	if e.clock.Now().Before(rec.RenewTime.Time.Add(15 * time.Second)) { // want `with this host's clock \(the clock's Now\(\)\)`
		return errHeld
	}
	rec.HolderIdentity = id
	return e.lock.Update(ctx, *rec)
}

func (e *elector) tryAcquireOld(ctx context.Context, id string) error {
	rec, _, err := e.lock.Get(ctx)
	if err != nil {
		return err
	}
	if time.Until(rec.AcquireTime.Add(time.Hour)) > 0 { // want `the leader election record's AcquireTime .* with this host's clock \(time.Until\)`
		return errHeld
	}
	rec.HolderIdentity = id
	return e.lock.Update(ctx, *rec)
}

// observer measures the holder's lease on its own clock, from when it saw
// the record change, as client-go's elector does (FC4001's documentation
// recommends it): not reported.
type observer struct {
	rec    rl.LeaderElectionRecord
	seenAt time.Time
}

func (o *observer) see(rec rl.LeaderElectionRecord) {
	o.rec = rec
	o.seenAt = time.Now()
}

func (o *observer) expired(now time.Time) bool {
	return !o.seenAt.Add(time.Duration(o.rec.LeaseDurationSeconds) * time.Second).After(now)
}

// waitExpired polls until the holder's renewal is ten seconds old: the
// condition's result only ends the poll, it takes no lease: not reported.
func waitExpired(ctx context.Context, leases coordinationv1client.LeaseInterface, name string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		lease, err := leases.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		if lease.Spec.RenewTime == nil || time.Now().After(lease.Spec.RenewTime.Add(10*time.Second)) {
			return true, nil
		}
		return false, nil
	})
}

// expiredNow is the same check handed back as a verdict: reported.
func expiredNow(lease *coordinationv1.Lease) bool {
	return time.Now().After(lease.Spec.RenewTime.Add(10 * time.Second)) // want `decides lease expiry .* expiredNow returns the result as its verdict on the lease`
}
