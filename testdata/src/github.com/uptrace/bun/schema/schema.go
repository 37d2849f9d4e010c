package schema

import (
	"database/sql"

	"github.com/uptrace/bun/dialect"
)

// Dialect (subset of methods).
type Dialect interface {
	Init(db *sql.DB)
	Name() dialect.Name
}

// Query (subset of methods).
type Query interface {
	Operation() string
	GetTableName() string
}

type Safe string
type Name string
type Ident string

type BaseModel struct{}
