// Package kubelease handles Kubernetes coordination Leases by hand: it
// reads a Lease, judges its holder, and deletes it. A delete with no
// ResourceVersion precondition removes whatever Lease has the name when
// it arrives, including one another holder took over after the read.
package kubelease

import (
	"context"
	"errors"

	coordv1 "k8s.io/api/coordination/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	coordclient "k8s.io/client-go/kubernetes/typed/coordination/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type manager struct {
	c        client.Client
	leases   coordclient.LeaseInterface
	ns, me   string
	leaseKey string
}

func (m *manager) get(ctx context.Context, name string) (*coordv1.Lease, error) {
	l := &coordv1.Lease{}
	err := m.c.Get(ctx, types.NamespacedName{Namespace: m.ns, Name: name}, l)
	return l, err
}

// Unsafe: the holder check is on the read, the delete is unconditional.
func (m *manager) invalidate(ctx context.Context, name string) error {
	lease, err := m.get(ctx, name)
	if err != nil {
		return err
	}
	if lease.Spec.HolderIdentity != nil && *lease.Spec.HolderIdentity != m.me {
		return errors.New("held by another")
	}
	return m.c.Delete(ctx, lease) // want `Delete of the Kubernetes Lease read at kubelease.go:\d+ carries no precondition`
}

// Unsafe: a UID precondition names the same object, not the same holder.
func (m *manager) cleanup(ctx context.Context) error {
	x, err := m.leases.Get(ctx, m.leaseKey, metav1.GetOptions{})
	if err != nil {
		return err
	}
	uid := x.UID
	return m.leases.Delete(ctx, m.leaseKey, metav1.DeleteOptions{ // want `Delete of the Kubernetes Lease read at kubelease.go:\d+ carries only a UID precondition`
		Preconditions: &metav1.Preconditions{UID: &uid},
	})
}

// Silent: the delete is tied to the version read.
func (m *manager) cleanupVersioned(ctx context.Context) error {
	x, err := m.leases.Get(ctx, m.leaseKey, metav1.GetOptions{})
	if err != nil {
		return err
	}
	rv := x.ResourceVersion
	return m.leases.Delete(ctx, m.leaseKey, metav1.DeleteOptions{
		Preconditions: &metav1.Preconditions{ResourceVersion: &rv},
	})
}

// Silent: controller-runtime's precondition option, with the version read.
func (m *manager) invalidateVersioned(ctx context.Context, name string) error {
	lease, err := m.get(ctx, name)
	if err != nil {
		return err
	}
	if lease.Spec.HolderIdentity == nil || *lease.Spec.HolderIdentity != m.me {
		return nil
	}
	return m.c.Delete(ctx, lease, client.Preconditions{ResourceVersion: &lease.ResourceVersion})
}

// Silent: releasing by an Update that clears the holder is a
// compare-and-swap on the resourceVersion read.
func (m *manager) release(ctx context.Context, name string) error {
	lease, err := m.get(ctx, name)
	if err != nil {
		return err
	}
	if lease.Spec.HolderIdentity == nil || *lease.Spec.HolderIdentity != m.me {
		return nil
	}
	lease.Spec.HolderIdentity = nil
	return m.c.Update(ctx, lease)
}

// Silent: a Lease this program builds and deletes without reading it (a
// test fixture's teardown, an owner's garbage collection) is not a
// release after a check.
func (m *manager) teardown(ctx context.Context, name string) error {
	return m.c.Delete(ctx, &coordv1.Lease{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: m.ns}})
}

// Silent: options handed in by the caller are not seen.
func (m *manager) deleteWith(ctx context.Context, opts metav1.DeleteOptions) error {
	if _, err := m.leases.Get(ctx, m.leaseKey, metav1.GetOptions{}); err != nil {
		return err
	}
	return m.leases.Delete(ctx, m.leaseKey, opts)
}

// Suppressed.
func (m *manager) forceBreak(ctx context.Context) error {
	if _, err := m.leases.Get(ctx, m.leaseKey, metav1.GetOptions{}); err != nil {
		return err
	}
	//lint:ignore FC5001 an operator breaks a stuck lease by hand; the holder is known dead
	return m.leases.Delete(ctx, m.leaseKey, metav1.DeleteOptions{})
}
