// Package pollcondition: the condition function of a wait.Poll loop that
// waits until a LeaseCandidate's RenewTime has moved past a given time is
// was reported as a lease verdict decided by wall-clock arithmetic (FC4001).
// Its result only ends the poll; it decides no authority. Fixed: a function
// literal handed to a poller is no verdict function.
package pollcondition

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	coordv1beta1 "k8s.io/client-go/kubernetes/typed/coordination/v1beta1"
	"k8s.io/client-go/tools/leaderelection"
)

func Renew(ctx context.Context, c coordv1beta1.CoordinationV1beta1Interface, ns, name string) error {
	lc, err := c.LeaseCandidates(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	lc.Spec.RenewTime = &metav1.MicroTime{Time: time.Now()}
	_, err = c.LeaseCandidates(ns).Update(ctx, lc, metav1.UpdateOptions{})
	return err
}

func WaitRenewed(ctx context.Context, c coordv1beta1.CoordinationV1beta1Interface, ns, name string, after *metav1.MicroTime) error {
	return wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, 10*time.Second, true, func(ctx context.Context) (bool, error) {
		lc, err := c.LeaseCandidates(ns).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		if lc.Spec.RenewTime == nil {
			return false, nil
		}
		if after != nil && after.After(lc.Spec.RenewTime.Time) { // was FP: FC4001
			return false, nil
		}
		return true, nil
	})
}

// The package also uses a lock API (as a controller that polls while it
// leads would), so the engine analyses it without help from facts.
var _ leaderelection.LeaderCallbacks
