// Package pgconn is a test stub of github.com/jackc/pgx/v5@v5.12.0 (pgconn), signatures copied from the real source.
// Config carries only the basic connection fields.
package pgconn
