package pgconn

import (
	"context"
	"crypto/tls"
	"net"
	"strings"
	"time"
)

// CommandTag is the status text returned by PostgreSQL for a query.
type CommandTag struct {
	s string
}

func NewCommandTag(s string) CommandTag   { return CommandTag{s: s} }
func (ct CommandTag) RowsAffected() int64 { return 0 }
func (ct CommandTag) String() string      { return ct.s }
func (ct CommandTag) Insert() bool        { return strings.HasPrefix(ct.s, "INSERT") }
func (ct CommandTag) Update() bool        { return strings.HasPrefix(ct.s, "UPDATE") }
func (ct CommandTag) Delete() bool        { return strings.HasPrefix(ct.s, "DELETE") }
func (ct CommandTag) Select() bool        { return strings.HasPrefix(ct.s, "SELECT") }

type Notification struct {
	PID     uint32 // backend pid that sent the notification
	Channel string // channel from which notification was received
	Payload string
}

type FieldDescription struct {
	Name                 string
	TableOID             uint32
	TableAttributeNumber uint16
	DataTypeOID          uint32
	DataTypeSize         int16
	TypeModifier         int32
	Format               int16
}

type StatementDescription struct {
	Name      string
	SQL       string
	ParamOIDs []uint32
	Fields    []FieldDescription
}

type DialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

type LookupFunc func(ctx context.Context, host string) (addrs []string, err error)

// Config is the settings used to establish a connection to a PostgreSQL server (subset of fields).
type Config struct {
	Host           string // host (e.g. localhost) or absolute path to unix domain socket directory (e.g. /private/tmp)
	Port           uint16
	Database       string
	User           string
	Password       string
	TLSConfig      *tls.Config // nil disables TLS
	ConnectTimeout time.Duration
	DialFunc       DialFunc   // e.g. net.Dialer.DialContext
	LookupFunc     LookupFunc // e.g. net.Resolver.LookupHost
	RuntimeParams  map[string]string
}

// PgConn is a low-level PostgreSQL connection handle.
type PgConn struct{}

func (pgConn *PgConn) PID() uint32 { return 0 }

// PgError represents an error reported by the PostgreSQL server (subset of fields).
type PgError struct {
	Severity       string
	Code           string
	Message        string
	Detail         string
	Hint           string
	SchemaName     string
	TableName      string
	ColumnName     string
	ConstraintName string
}

func (pe *PgError) Error() string {
	return pe.Severity + ": " + pe.Message + " (SQLSTATE " + pe.Code + ")"
}
func (pe *PgError) SQLState() string { return pe.Code }
