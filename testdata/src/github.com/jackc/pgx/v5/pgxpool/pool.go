package pgxpool

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Config is the configuration struct for creating a pool (subset of fields).
type Config struct {
	ConnConfig *pgx.ConnConfig

	BeforeConnect func(context.Context, *pgx.ConnConfig) error
	AfterConnect  func(context.Context, *pgx.Conn) error
	BeforeAcquire func(context.Context, *pgx.Conn) bool
	AfterRelease  func(*pgx.Conn) bool
	BeforeClose   func(*pgx.Conn)

	MaxConnLifetime       time.Duration
	MaxConnLifetimeJitter time.Duration
	MaxConnIdleTime       time.Duration
	PingTimeout           time.Duration
	MaxConns              int32
	MinConns              int32
	MinIdleConns          int32
	HealthCheckPeriod     time.Duration
}

// Pool allows for connection reuse.
type Pool struct {
	config *Config
}

func New(ctx context.Context, connString string) (*Pool, error) { return &Pool{}, nil }
func NewWithConfig(ctx context.Context, config *Config) (*Pool, error) {
	return &Pool{config: config}, nil
}
func ParseConfig(connString string) (*Config, error) { return &Config{}, nil }

func (p *Pool) Close()                                           {}
func (p *Pool) Acquire(ctx context.Context) (c *Conn, err error) { return &Conn{}, nil }
func (p *Pool) AcquireFunc(ctx context.Context, f func(*Conn) error) error {
	return f(&Conn{})
}
func (p *Pool) Reset()          {}
func (p *Pool) Config() *Config { return p.config }
func (p *Pool) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.NewCommandTag(""), nil
}
func (p *Pool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }
func (p *Pool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row        { return nil }
func (p *Pool) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults         { return nil }
func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error)                            { return &Tx{}, nil }
func (p *Pool) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) {
	return &Tx{}, nil
}
func (p *Pool) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}
func (p *Pool) Ping(ctx context.Context) error { return nil }

// Conn is an acquired *pgx.Conn from a Pool.
type Conn struct {
	conn *pgx.Conn
}

func (c *Conn) Release()          {}
func (c *Conn) Hijack() *pgx.Conn { return c.conn }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.NewCommandTag(""), nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row        { return nil }
func (c *Conn) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults         { return nil }
func (c *Conn) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}
func (c *Conn) Begin(ctx context.Context) (pgx.Tx, error) { return &Tx{}, nil }
func (c *Conn) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) {
	return &Tx{}, nil
}
func (c *Conn) Ping(ctx context.Context) error { return nil }
func (c *Conn) Conn() *pgx.Conn                { return c.conn }

// Tx represents a database transaction acquired from a Pool.
type Tx struct {
	t pgx.Tx
}

func (tx *Tx) Begin(ctx context.Context) (pgx.Tx, error) { return tx, nil }
func (tx *Tx) Commit(ctx context.Context) error          { return nil }
func (tx *Tx) Rollback(ctx context.Context) error        { return nil }
func (tx *Tx) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}
func (tx *Tx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return nil }
func (tx *Tx) LargeObjects() pgx.LargeObjects                               { return pgx.LargeObjects{} }
func (tx *Tx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	return &pgconn.StatementDescription{}, nil
}
func (tx *Tx) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.NewCommandTag(""), nil
}
func (tx *Tx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }
func (tx *Tx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row        { return nil }
func (tx *Tx) Conn() *pgx.Conn                                                      { return nil }
