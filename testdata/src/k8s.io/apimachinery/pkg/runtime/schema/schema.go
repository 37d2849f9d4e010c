package schema

type GroupVersionKind struct {
	Group   string
	Version string
	Kind    string
}

// All objects that are serialized from a Scheme encode their type information.
type ObjectKind interface {
	SetGroupVersionKind(kind GroupVersionKind)
	GroupVersionKind() GroupVersionKind
}

// GroupVersionResource unambiguously identifies a resource.
type GroupVersionResource struct {
	Group    string
	Version  string
	Resource string
}
