package bun

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun/schema"
)

type (
	Safe      = schema.Safe
	Name      = schema.Name
	Ident     = schema.Ident
	BaseModel = schema.BaseModel
	Query     = schema.Query
)

type IConn interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// IDB is a common interface for *bun.DB, bun.Conn, and bun.Tx (subset).
type IDB interface {
	IConn
	Dialect() schema.Dialect

	NewSelect() *SelectQuery
	NewInsert() *InsertQuery
	NewUpdate() *UpdateQuery
	NewDelete() *DeleteQuery
	NewRaw(query string, args ...any) *RawQuery

	BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error)
	RunInTx(ctx context.Context, opts *sql.TxOptions, f func(ctx context.Context, tx Tx) error) error
}

var (
	_ IDB = (*DB)(nil)
	_ IDB = (*Conn)(nil)
	_ IDB = (*Tx)(nil)
)

type DBOption func(db *DB)

type noCopyState struct {
	*sql.DB
	dialect schema.Dialect
}

type DB struct {
	*noCopyState
}

func NewDB(sqldb *sql.DB, dialect schema.Dialect, opts ...DBOption) *DB {
	return &DB{noCopyState: &noCopyState{DB: sqldb, dialect: dialect}}
}

func (db *DB) String() string                                     { return "DB<dialect=>" }
func (db *DB) Close() error                                       { return nil }
func (db *DB) NewSelect() *SelectQuery                            { return &SelectQuery{} }
func (db *DB) NewInsert() *InsertQuery                            { return &InsertQuery{} }
func (db *DB) NewUpdate() *UpdateQuery                            { return &UpdateQuery{} }
func (db *DB) NewDelete() *DeleteQuery                            { return &DeleteQuery{} }
func (db *DB) NewRaw(query string, args ...any) *RawQuery         { return &RawQuery{query: query, args: args} }
func (db *DB) Dialect() schema.Dialect                            { return db.dialect }
func (db *DB) RegisterModel(models ...any)                        {}
func (db *DB) Exec(query string, args ...any) (sql.Result, error) { return nil, nil }
func (db *DB) ExecContext(
	ctx context.Context, query string, args ...any,
) (sql.Result, error) {
	return nil, nil
}
func (db *DB) Query(query string, args ...any) (*sql.Rows, error) { return nil, nil }
func (db *DB) QueryContext(
	ctx context.Context, query string, args ...any,
) (*sql.Rows, error) {
	return nil, nil
}
func (db *DB) QueryRow(query string, args ...any) *sql.Row { return nil }
func (db *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return nil
}
func (db *DB) Conn(ctx context.Context) (Conn, error) { return Conn{db: db}, nil }
func (db *DB) RunInTx(
	ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error,
) error {
	return fn(ctx, Tx{ctx: ctx, db: db})
}
func (db *DB) Begin() (Tx, error) { return Tx{db: db}, nil }
func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) {
	return Tx{ctx: ctx, db: db}, nil
}

type Conn struct {
	db *DB
	*sql.Conn
}

func (c Conn) Dialect() schema.Dialect                    { return c.db.Dialect() }
func (c Conn) NewSelect() *SelectQuery                    { return &SelectQuery{} }
func (c Conn) NewInsert() *InsertQuery                    { return &InsertQuery{} }
func (c Conn) NewUpdate() *UpdateQuery                    { return &UpdateQuery{} }
func (c Conn) NewDelete() *DeleteQuery                    { return &DeleteQuery{} }
func (c Conn) NewRaw(query string, args ...any) *RawQuery { return &RawQuery{query: query, args: args} }
func (c Conn) ExecContext(
	ctx context.Context, query string, args ...any,
) (sql.Result, error) {
	return nil, nil
}
func (c Conn) QueryContext(
	ctx context.Context, query string, args ...any,
) (*sql.Rows, error) {
	return nil, nil
}
func (c Conn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row { return nil }
func (c Conn) RunInTx(
	ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error,
) error {
	return fn(ctx, Tx{ctx: ctx, db: c.db})
}
func (c Conn) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) {
	return Tx{ctx: ctx, db: c.db}, nil
}

type Tx struct {
	ctx  context.Context
	db   *DB
	name string
	*sql.Tx
}

func (tx Tx) Commit() error                                      { return nil }
func (tx Tx) Rollback() error                                    { return nil }
func (tx Tx) Exec(query string, args ...any) (sql.Result, error) { return nil, nil }
func (tx Tx) ExecContext(
	ctx context.Context, query string, args ...any,
) (sql.Result, error) {
	return nil, nil
}
func (tx Tx) Query(query string, args ...any) (*sql.Rows, error) { return nil, nil }
func (tx Tx) QueryContext(
	ctx context.Context, query string, args ...any,
) (*sql.Rows, error) {
	return nil, nil
}
func (tx Tx) QueryRow(query string, args ...any) *sql.Row { return nil }
func (tx Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return nil
}
func (tx Tx) Begin() (Tx, error)                                        { return tx, nil }
func (tx Tx) BeginTx(ctx context.Context, _ *sql.TxOptions) (Tx, error) { return tx, nil }
func (tx Tx) RunInTx(
	ctx context.Context, _ *sql.TxOptions, fn func(ctx context.Context, tx Tx) error,
) error {
	return fn(ctx, tx)
}
func (tx Tx) Dialect() schema.Dialect                    { return tx.db.Dialect() }
func (tx Tx) NewSelect() *SelectQuery                    { return &SelectQuery{} }
func (tx Tx) NewInsert() *InsertQuery                    { return &InsertQuery{} }
func (tx Tx) NewUpdate() *UpdateQuery                    { return &UpdateQuery{} }
func (tx Tx) NewDelete() *DeleteQuery                    { return &DeleteQuery{} }
func (tx Tx) NewRaw(query string, args ...any) *RawQuery { return &RawQuery{query: query, args: args} }

// Stmt is a prepared statement.
type Stmt struct {
	*sql.Stmt
}

func (db *DB) Prepare(query string) (Stmt, error) { return Stmt{}, nil }
func (db *DB) PrepareContext(ctx context.Context, query string) (Stmt, error) {
	return Stmt{}, nil
}
