// Package pg is a test stub of github.com/go-pg/pg/v10@v10.11.0, signatures copied from the real source.
package pg

import (
	"context"

	"github.com/go-pg/pg/v10/orm"
)

// Options contains database connection options (empty in the stub).
type Options struct {
	Addr string
}

// Query is an alias for orm.Query.
type Query = orm.Query

// Result summarizes an executed SQL command.
type Result = orm.Result

type baseDB struct{}

// DB is a database handle representing a pool of zero or more connections.
type DB struct {
	*baseDB
	ctx context.Context
}

// Tx is an in-progress database transaction.
type Tx struct {
	db  *baseDB
	ctx context.Context
}

func Connect(opt *Options) *DB { return &DB{baseDB: &baseDB{}} }

func (db *baseDB) Close() error        { return nil }
func (db *baseDB) Begin() (*Tx, error) { return &Tx{db: db}, nil }
func (db *baseDB) RunInTransaction(ctx context.Context, fn func(*Tx) error) error {
	return fn(&Tx{db: db})
}
func (db *baseDB) Exec(query interface{}, params ...interface{}) (res Result, err error) {
	return nil, nil
}
func (db *baseDB) ExecContext(c context.Context, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (db *baseDB) ExecOne(query interface{}, params ...interface{}) (Result, error) { return nil, nil }
func (db *baseDB) Query(model, query interface{}, params ...interface{}) (res Result, err error) {
	return nil, nil
}
func (db *baseDB) QueryContext(c context.Context, model, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (db *baseDB) Model(model ...interface{}) *Query { return &Query{} }
func (db *baseDB) ModelContext(c context.Context, model ...interface{}) *Query {
	return &Query{}
}

func (tx *Tx) Commit() error   { return nil }
func (tx *Tx) Rollback() error { return nil }
func (tx *Tx) Exec(query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (tx *Tx) ExecContext(c context.Context, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (tx *Tx) Model(model ...interface{}) *Query { return &Query{} }
