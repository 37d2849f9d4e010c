// Package client is a test stub of sigs.k8s.io/controller-runtime/pkg/client
// (subset: the Reader and Writer calls on one object and the delete options),
// signatures copied from the real source.
package client

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
)

// Object is a Kubernetes object (the stub keeps runtime.Object only).
type Object interface {
	runtime.Object
}

// ObjectKey identifies a Kubernetes object.
type ObjectKey = types.NamespacedName

// GetOption is an option of Get.
type GetOption interface{}

// DeleteOption is an option of Delete.
type DeleteOption interface{}

// UpdateOption is an option of Update.
type UpdateOption interface{}

// Reader knows how to read Kubernetes objects.
type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj Object, opts ...GetOption) error
}

// Writer knows how to write Kubernetes objects.
type Writer interface {
	Delete(ctx context.Context, obj Object, opts ...DeleteOption) error
	Update(ctx context.Context, obj Object, opts ...UpdateOption) error
}

// Client knows how to perform CRUD operations on Kubernetes objects.
type Client interface {
	Reader
	Writer
}

// Preconditions must be fulfilled before an operation (delete) is carried out.
type Preconditions struct {
	UID             *types.UID
	ResourceVersion *string
}
