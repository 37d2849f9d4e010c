package pgx

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

var ErrNoRows = sql.ErrNoRows

var ErrTxClosed = errors.New("tx is closed")

var ErrTxCommitRollback = errors.New("commit unexpectedly resulted in rollback")

// ConnConfig contains all the options used to establish a connection (subset of fields).
type ConnConfig struct {
	pgconn.Config

	StatementCacheCapacity   int
	DescriptionCacheCapacity int
}

// Conn is a PostgreSQL connection handle. It is not safe for concurrent usage.
type Conn struct {
	config *ConnConfig
}

// Identifier a PostgreSQL identifier or name.
type Identifier []string

func (ident Identifier) Sanitize() string { return "" }

func Connect(ctx context.Context, connString string) (*Conn, error) { return &Conn{}, nil }
func ConnectConfig(ctx context.Context, connConfig *ConnConfig) (*Conn, error) {
	return &Conn{config: connConfig}, nil
}
func ParseConfig(connString string) (*ConnConfig, error) { return &ConnConfig{}, nil }

func (c *Conn) Close(ctx context.Context) error { return nil }
func (c *Conn) Prepare(ctx context.Context, name, sql string) (sd *pgconn.StatementDescription, err error) {
	return &pgconn.StatementDescription{}, nil
}
func (c *Conn) Deallocate(ctx context.Context, name string) error { return nil }
func (c *Conn) DeallocateAll(ctx context.Context) error           { return nil }
func (c *Conn) WaitForNotification(ctx context.Context) (*pgconn.Notification, error) {
	return &pgconn.Notification{}, nil
}
func (c *Conn) IsClosed() bool                 { return false }
func (c *Conn) Ping(ctx context.Context) error { return nil }
func (c *Conn) PgConn() *pgconn.PgConn         { return &pgconn.PgConn{} }
func (c *Conn) TypeMap() *pgtype.Map           { return pgtype.NewMap() }
func (c *Conn) Config() *ConnConfig            { return c.config }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.NewCommandTag(""), nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...any) (Rows, error) { return nil, nil }
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) Row        { return nil }
func (c *Conn) SendBatch(ctx context.Context, b *Batch) BatchResults             { return nil }
func (c *Conn) CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error) {
	return 0, nil
}
func (c *Conn) Begin(ctx context.Context) (Tx, error)                        { return nil, nil }
func (c *Conn) BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error) { return nil, nil }
func (c *Conn) LoadType(ctx context.Context, typeName string) (*pgtype.Type, error) {
	return &pgtype.Type{}, nil
}

type TxIsoLevel string

const (
	Serializable    TxIsoLevel = "serializable"
	RepeatableRead  TxIsoLevel = "repeatable read"
	ReadCommitted   TxIsoLevel = "read committed"
	ReadUncommitted TxIsoLevel = "read uncommitted"
)

type TxAccessMode string

const (
	ReadWrite TxAccessMode = "read write"
	ReadOnly  TxAccessMode = "read only"
)

type TxDeferrableMode string

const (
	Deferrable    TxDeferrableMode = "deferrable"
	NotDeferrable TxDeferrableMode = "not deferrable"
)

// TxOptions are transaction modes within a transaction block
type TxOptions struct {
	IsoLevel       TxIsoLevel
	AccessMode     TxAccessMode
	DeferrableMode TxDeferrableMode

	BeginQuery  string
	CommitQuery string
}

// Tx represents a database transaction.
type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error

	CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error)
	SendBatch(ctx context.Context, b *Batch) BatchResults
	LargeObjects() LargeObjects

	Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error)

	Exec(ctx context.Context, sql string, arguments ...any) (commandTag pgconn.CommandTag, err error)
	Query(ctx context.Context, sql string, args ...any) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) Row

	// Conn returns the underlying *Conn that on which this transaction is executing.
	Conn() *Conn
}

// LargeObjects is a structure used to access the large objects API (methods omitted).
type LargeObjects struct {
	tx Tx
}

func BeginFunc(
	ctx context.Context,
	db interface {
		Begin(ctx context.Context) (Tx, error)
	},
	fn func(Tx) error,
) (err error) {
	tx, err := db.Begin(ctx)
	if err != nil {
		return err
	}
	return fn(tx)
}

func BeginTxFunc(
	ctx context.Context,
	db interface {
		BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error)
	},
	txOptions TxOptions,
	fn func(Tx) error,
) (err error) {
	tx, err := db.BeginTx(ctx, txOptions)
	if err != nil {
		return err
	}
	return fn(tx)
}

// Rows is the result set returned from *Conn.Query.
type Rows interface {
	Close()
	Err() error
	CommandTag() pgconn.CommandTag
	FieldDescriptions() []pgconn.FieldDescription
	Next() bool
	Scan(dest ...any) error
	Values() ([]any, error)
	RawValues() [][]byte
	Conn() *Conn
	TypeMap() *pgtype.Map
}

// Row is a convenience wrapper over Rows that is returned by QueryRow.
type Row interface {
	Scan(dest ...any) error
}

type batchItemFunc func(br BatchResults) error

// QueuedQuery is a query that has been queued for execution via a Batch.
type QueuedQuery struct {
	SQL       string
	Arguments []any
	Fn        batchItemFunc
}

func (qq *QueuedQuery) Query(fn func(rows Rows) error)           {}
func (qq *QueuedQuery) QueryRow(fn func(row Row) error)          {}
func (qq *QueuedQuery) Exec(fn func(ct pgconn.CommandTag) error) {}

// Batch queries are a way of bundling multiple queries together to avoid
// unnecessary network round trips.
type Batch struct {
	QueuedQueries []*QueuedQuery
}

func (b *Batch) Queue(query string, arguments ...any) *QueuedQuery {
	qq := &QueuedQuery{SQL: query, Arguments: arguments}
	b.QueuedQueries = append(b.QueuedQueries, qq)
	return qq
}
func (b *Batch) Len() int { return len(b.QueuedQueries) }

type BatchResults interface {
	Exec() (pgconn.CommandTag, error)
	Query() (Rows, error)
	QueryRow() Row
	Close() error
}

// CopyFromSource is the interface used by *Conn.CopyFrom as the source for copy data.
type CopyFromSource interface {
	Next() bool
	Values() ([]any, error)
	Err() error
}

func CopyFromRows(rows [][]any) CopyFromSource                               { return nil }
func CopyFromSlice(length int, next func(int) ([]any, error)) CopyFromSource { return nil }

// NamedArgs can be used as the first argument to a query method. It will replace every '@' named placeholder with a '$'
// ordinal placeholder and append the arguments.
type NamedArgs map[string]any

// StrictNamedArgs can be used in the same way as NamedArgs, but provided arguments are also checked to include all
// named arguments that the sql query uses, and no extra arguments.
type StrictNamedArgs map[string]any
