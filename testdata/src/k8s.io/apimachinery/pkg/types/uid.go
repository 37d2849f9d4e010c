package types

// UID is a type that holds unique ID values, including UUIDs.
type UID string
