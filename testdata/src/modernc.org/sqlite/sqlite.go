// Package sqlite is a stub of modernc.org/sqlite: a database/sql driver
// whose database is a file on this host.
package sqlite
