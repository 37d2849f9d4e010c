// Package ent is a test stub of entgo.io/ent@v0.14.5, signatures copied from the real source.
//
// Mutation declares a subset of its methods.
package ent

// An Op represents a mutation operation.
type Op uint

// Mutation operations.
const (
	OpCreate    Op = 1 << iota // node creation.
	OpUpdate                   // update nodes by predicate (if any).
	OpUpdateOne                // update one node.
	OpDelete                   // delete nodes by predicate (if any).
	OpDeleteOne                // delete one node.
)

// Is reports whether o is match the given operation.
func (i Op) Is(o Op) bool { return i&o != 0 }

// Mutation represents an operation that mutates the graph.
type Mutation interface {
	Op() Op
	Type() string
	Fields() []string
}
