// Package orm is a test stub of github.com/go-pg/pg/v10@v10.11.0 (orm), signatures copied from the real source.
package orm

import "context"

// Model is the interface of go-pg models (empty in the stub).
type Model interface{}

// Result summarizes an executed SQL command.
type Result interface {
	Model() Model
	RowsAffected() int
	RowsReturned() int
}

// Query is a query builder.
type Query struct {
	ctx context.Context
}

func (q *Query) Context(c context.Context) *Query                              { return q }
func (q *Query) Table(tables ...string) *Query                                 { return q }
func (q *Query) Column(columns ...string) *Query                               { return q }
func (q *Query) Set(set string, params ...interface{}) *Query                  { return q }
func (q *Query) Where(condition string, params ...interface{}) *Query          { return q }
func (q *Query) WhereOr(condition string, params ...interface{}) *Query        { return q }
func (q *Query) WherePK() *Query                                               { return q }
func (q *Query) Returning(s string, params ...interface{}) *Query              { return q }
func (q *Query) Select(values ...interface{}) error                            { return nil }
func (q *Query) Insert(values ...interface{}) (Result, error)                  { return nil, nil }
func (q *Query) Update(scan ...interface{}) (Result, error)                    { return nil, nil }
func (q *Query) UpdateNotZero(scan ...interface{}) (Result, error)             { return nil, nil }
func (q *Query) Delete(values ...interface{}) (Result, error)                  { return nil, nil }
func (q *Query) ForceDelete(values ...interface{}) (Result, error)             { return nil, nil }
func (q *Query) Exec(query interface{}, params ...interface{}) (Result, error) { return nil, nil }
