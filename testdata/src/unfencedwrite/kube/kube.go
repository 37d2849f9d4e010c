// Package kube exercises FC1001 with Kubernetes API writes under
// leadership: an Update of an object read from the API server is a
// compare-and-swap on resourceVersion; a fresh object is not.
package kube

import (
	"context"

	coordinationv1 "k8s.io/api/coordination/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/leaderelection"
)

func run(ctx context.Context, cs kubernetes.Interface, cfg leaderelection.LeaderElectionConfig) {
	cfg.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) {
			leases := cs.CoordinationV1().Leases("default")
			cur, err := leases.Get(ctx, "shard-1", metav1.GetOptions{})
			if err != nil {
				return
			}
			leases.Update(ctx, cur, metav1.UpdateOptions{}) // CAS on cur's resourceVersion
			fresh := &coordinationv1.Lease{ObjectMeta: metav1.ObjectMeta{Name: "shard-2", Namespace: "default"}}
			leases.Update(ctx, fresh, metav1.UpdateOptions{})     // want `Kubernetes Update .* under the client-go leader election`
			leases.Delete(ctx, "shard-3", metav1.DeleteOptions{}) // want `Kubernetes Delete`
			leases.Create(ctx, fresh, metav1.CreateOptions{})     // fails if it exists
			// Preconditions make a Delete a compare-and-delete.
			uid, rv := cur.UID, cur.ResourceVersion
			leases.Delete(ctx, cur.Name, metav1.DeleteOptions{Preconditions: &metav1.Preconditions{UID: &uid, ResourceVersion: &rv}})
			opts := metav1.DeleteOptions{}
			opts.Preconditions = &metav1.Preconditions{ResourceVersion: &rv}
			leases.Delete(ctx, cur.Name, opts)
			leases.Delete(ctx, cur.Name, *metav1.NewRVDeletionPrecondition(rv))
			grace := int64(0)
			leases.Delete(ctx, cur.Name, metav1.DeleteOptions{GracePeriodSeconds: &grace}) // want `Kubernetes Delete`
		},
	}
	leaderelection.RunOrDie(ctx, cfg)
}
