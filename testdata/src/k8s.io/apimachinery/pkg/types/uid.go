package types

// UID is a type that holds unique ID values, including UUIDs.
type UID string

// NamespacedName comprises a resource name, with a mandatory namespace.
type NamespacedName struct {
	Namespace string
	Name      string
}
