// Package sessiondb is shaped like the code sqlc generates: a Queries
// wrapper over the connection it is made from, whose methods run their
// statements on it. Audit writes through a package pool instead.
package sessiondb

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

type Queries struct {
	db DBTX
}

func New(db DBTX) *Queries { return &Queries{db: db} }

// WithTx rebinds the wrapper to a transaction, as sqlc's does.
func (q *Queries) WithTx(tx pgx.Tx) *Queries { return &Queries{db: tx} }

// Pool is a pool of the package's own.
var Pool *pgxpool.Pool

func (q *Queries) DisableTriggers(ctx context.Context) error {
	_, err := q.db.Exec(ctx, `UPDATE switchover_state SET db_id = db_id WHERE true`)
	return err
}

func (q *Queries) Audit(ctx context.Context) error {
	_, err := Pool.Exec(ctx, `INSERT INTO audit(msg) VALUES ('switched')`)
	return err
}
