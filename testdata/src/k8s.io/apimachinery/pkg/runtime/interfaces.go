package runtime

import "k8s.io/apimachinery/pkg/runtime/schema"

// Object interface must be supported by all API types registered with Scheme.
type Object interface {
	GetObjectKind() schema.ObjectKind
	DeepCopyObject() Object
}
