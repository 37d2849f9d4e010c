// Package v1 is a test stub of k8s.io/apimachinery@v0.37.2 (pkg/apis/meta/v1), signatures copied from the real source.
//
// Minimal: Time, MicroTime, TypeMeta, ObjectMeta (without OwnerReferences and
// ManagedFields) and the Get/Create/Update/Delete/List option structs.
package v1
