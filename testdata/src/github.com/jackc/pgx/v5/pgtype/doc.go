// Package pgtype is a test stub of github.com/jackc/pgx/v5@v5.12.0 (pgtype), signatures copied from the real source.
// Only Map and Type exist (as opaque result types of pgx methods).
package pgtype
