// Package sqlx is a test stub of github.com/jmoiron/sqlx@v1.4.0, signatures copied from the real source.
//
// DB, Tx and Conn embed the database/sql types exactly like the real package,
// so all database/sql methods are promoted. NamedStmt has no methods.
package sqlx
