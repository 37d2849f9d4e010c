package pgtype

// Type represents a PostgreSQL data type (Codec field omitted).
type Type struct {
	Name string
	OID  uint32
}

// Map is the mapping between PostgreSQL server types and Go type handling logic.
type Map struct {
	oidToType map[uint32]*Type
}

func NewMap() *Map { return &Map{} }
