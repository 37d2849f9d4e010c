// Package pgxpool is a test stub of github.com/jackc/pgx/v5@v5.12.0 (pgxpool), signatures copied from the real source.
package pgxpool
