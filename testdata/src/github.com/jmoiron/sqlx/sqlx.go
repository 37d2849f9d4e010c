package sqlx

import (
	"context"
	"database/sql"

	"github.com/jmoiron/sqlx/reflectx"
)

type Queryer interface {
	Query(query string, args ...interface{}) (*sql.Rows, error)
	Queryx(query string, args ...interface{}) (*Rows, error)
	QueryRowx(query string, args ...interface{}) *Row
}

type Execer interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
}

type binder interface {
	DriverName() string
	Rebind(string) string
	BindNamed(string, interface{}) (string, []interface{}, error)
}

type Ext interface {
	binder
	Queryer
	Execer
}

type Preparer interface {
	Prepare(query string) (*sql.Stmt, error)
}

type QueryerContext interface {
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error)
	QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row
}

type PreparerContext interface {
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

type ExecerContext interface {
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
}

type ExtContext interface {
	binder
	QueryerContext
	ExecerContext
}

// Row is a reimplementation of sql.Row in order to gain access to the underlying
// sql.Rows.Columns() data, necessary for StructScan.
type Row struct {
	err    error
	rows   *sql.Rows
	Mapper *reflectx.Mapper
}

func (r *Row) Scan(dest ...interface{}) error            { return r.err }
func (r *Row) Columns() ([]string, error)                { return nil, r.err }
func (r *Row) ColumnTypes() ([]*sql.ColumnType, error)   { return nil, r.err }
func (r *Row) Err() error                                { return r.err }
func (r *Row) SliceScan() ([]interface{}, error)         { return nil, r.err }
func (r *Row) MapScan(dest map[string]interface{}) error { return r.err }
func (r *Row) StructScan(dest interface{}) error         { return r.err }

// Rows is a wrapper around sql.Rows which caches costly reflect operations
// during a looped StructScan
type Rows struct {
	*sql.Rows
	Mapper *reflectx.Mapper
}

func (r *Rows) SliceScan() ([]interface{}, error)         { return nil, nil }
func (r *Rows) MapScan(dest map[string]interface{}) error { return nil }
func (r *Rows) StructScan(dest interface{}) error         { return nil }

// DB is a wrapper around sql.DB which keeps track of the driverName upon Open,
// used mostly to automatically bind named queries using the right bindvars.
type DB struct {
	*sql.DB
	driverName string
	Mapper     *reflectx.Mapper
}

// Conn is a wrapper around sql.Conn with extra functionality
type Conn struct {
	*sql.Conn
	driverName string
	Mapper     *reflectx.Mapper
}

// Tx is an sqlx wrapper around sql.Tx with extra functionality
type Tx struct {
	*sql.Tx
	driverName string
	Mapper     *reflectx.Mapper
}

// Stmt is an sqlx wrapper around sql.Stmt with extra functionality
type Stmt struct {
	*sql.Stmt
	Mapper *reflectx.Mapper
}

// NamedStmt is a prepared statement that executes named queries.
type NamedStmt struct {
	Params      []string
	QueryString string
	Stmt        *Stmt
}

func NewDb(db *sql.DB, driverName string) *DB                { return &DB{DB: db, driverName: driverName} }
func Open(driverName, dataSourceName string) (*DB, error)    { return &DB{driverName: driverName}, nil }
func MustOpen(driverName, dataSourceName string) *DB         { return &DB{driverName: driverName} }
func Connect(driverName, dataSourceName string) (*DB, error) { return &DB{driverName: driverName}, nil }
func MustConnect(driverName, dataSourceName string) *DB      { return &DB{driverName: driverName} }
func ConnectContext(ctx context.Context, driverName, dataSourceName string) (*DB, error) {
	return &DB{driverName: driverName}, nil
}

func (db *DB) DriverName() string                { return db.driverName }
func (db *DB) MapperFunc(mf func(string) string) {}
func (db *DB) Rebind(query string) string        { return query }
func (db *DB) Unsafe() *DB                       { return db }
func (db *DB) BindNamed(query string, arg interface{}) (string, []interface{}, error) {
	return query, nil, nil
}
func (db *DB) NamedQuery(query string, arg interface{}) (*Rows, error)          { return &Rows{}, nil }
func (db *DB) NamedExec(query string, arg interface{}) (sql.Result, error)      { return nil, nil }
func (db *DB) Select(dest interface{}, query string, args ...interface{}) error { return nil }
func (db *DB) Get(dest interface{}, query string, args ...interface{}) error    { return nil }
func (db *DB) MustBegin() *Tx                                                   { return &Tx{} }
func (db *DB) Beginx() (*Tx, error)                                             { return &Tx{}, nil }
func (db *DB) Queryx(query string, args ...interface{}) (*Rows, error)          { return &Rows{}, nil }
func (db *DB) QueryRowx(query string, args ...interface{}) *Row                 { return &Row{} }
func (db *DB) MustExec(query string, args ...interface{}) sql.Result            { return nil }
func (db *DB) Preparex(query string) (*Stmt, error)                             { return &Stmt{}, nil }
func (db *DB) PrepareNamed(query string) (*NamedStmt, error)                    { return &NamedStmt{}, nil }
func (db *DB) PrepareNamedContext(ctx context.Context, query string) (*NamedStmt, error) {
	return &NamedStmt{}, nil
}
func (db *DB) NamedQueryContext(ctx context.Context, query string, arg interface{}) (*Rows, error) {
	return &Rows{}, nil
}
func (db *DB) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}
func (db *DB) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (db *DB) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (db *DB) PreparexContext(ctx context.Context, query string) (*Stmt, error) { return &Stmt{}, nil }
func (db *DB) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return &Rows{}, nil
}
func (db *DB) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return &Row{}
}
func (db *DB) MustBeginTx(ctx context.Context, opts *sql.TxOptions) *Tx { return &Tx{} }
func (db *DB) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	return nil
}
func (db *DB) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error) { return &Tx{}, nil }
func (db *DB) Connx(ctx context.Context) (*Conn, error)                       { return &Conn{}, nil }

func (tx *Tx) DriverName() string         { return tx.driverName }
func (tx *Tx) Rebind(query string) string { return query }
func (tx *Tx) Unsafe() *Tx                { return tx }
func (tx *Tx) BindNamed(query string, arg interface{}) (string, []interface{}, error) {
	return query, nil, nil
}
func (tx *Tx) NamedQuery(query string, arg interface{}) (*Rows, error)          { return &Rows{}, nil }
func (tx *Tx) NamedExec(query string, arg interface{}) (sql.Result, error)      { return nil, nil }
func (tx *Tx) Select(dest interface{}, query string, args ...interface{}) error { return nil }
func (tx *Tx) Queryx(query string, args ...interface{}) (*Rows, error)          { return &Rows{}, nil }
func (tx *Tx) QueryRowx(query string, args ...interface{}) *Row                 { return &Row{} }
func (tx *Tx) Get(dest interface{}, query string, args ...interface{}) error    { return nil }
func (tx *Tx) MustExec(query string, args ...interface{}) sql.Result            { return nil }
func (tx *Tx) Preparex(query string) (*Stmt, error)                             { return &Stmt{}, nil }
func (tx *Tx) Stmtx(stmt interface{}) *Stmt                                     { return &Stmt{} }
func (tx *Tx) NamedStmt(stmt *NamedStmt) *NamedStmt                             { return stmt }
func (tx *Tx) PrepareNamed(query string) (*NamedStmt, error)                    { return &NamedStmt{}, nil }
func (tx *Tx) StmtxContext(ctx context.Context, stmt interface{}) *Stmt         { return &Stmt{} }
func (tx *Tx) NamedStmtContext(ctx context.Context, stmt *NamedStmt) *NamedStmt { return stmt }
func (tx *Tx) PreparexContext(ctx context.Context, query string) (*Stmt, error) { return &Stmt{}, nil }
func (tx *Tx) PrepareNamedContext(ctx context.Context, query string) (*NamedStmt, error) {
	return &NamedStmt{}, nil
}
func (tx *Tx) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	return nil
}
func (tx *Tx) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return &Rows{}, nil
}
func (tx *Tx) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (tx *Tx) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (tx *Tx) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return &Row{}
}
func (tx *Tx) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}

func NamedExec(e Ext, query string, arg interface{}) (sql.Result, error) { return nil, nil }
func NamedExecContext(ctx context.Context, e ExtContext, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}
func Select(q Queryer, dest interface{}, query string, args ...interface{}) error { return nil }
func Get(q Queryer, dest interface{}, query string, args ...interface{}) error    { return nil }
func MustExec(e Execer, query string, args ...interface{}) sql.Result             { return nil }
func SelectContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func GetContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func MustExecContext(ctx context.Context, e ExecerContext, query string, args ...interface{}) sql.Result {
	return nil
}
func In(query string, args ...interface{}) (string, []interface{}, error) { return query, args, nil }
func Named(query string, arg interface{}) (string, []interface{}, error)  { return query, nil, nil }
