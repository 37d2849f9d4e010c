// Package kubelease reads a Kubernetes coordination Lease with client-go's
// typed client and deletes it: with a UID precondition only (reported),
// and with the resourceVersion read (silent).
package kubelease

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	coordinationv1client "k8s.io/client-go/kubernetes/typed/coordination/v1"
)

func Cleanup(ctx context.Context, c coordinationv1client.LeaseInterface, name string) error {
	x, err := c.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	uid := x.GetUID()
	return c.Delete(ctx, name, metav1.DeleteOptions{Preconditions: &metav1.Preconditions{UID: &uid}}) // want "FC5001"
}

func CleanupVersioned(ctx context.Context, c coordinationv1client.LeaseInterface, name string) error {
	x, err := c.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	rv := x.GetResourceVersion()
	return c.Delete(ctx, name, metav1.DeleteOptions{Preconditions: &metav1.Preconditions{ResourceVersion: &rv}})
}
