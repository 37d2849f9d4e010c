// Package pq is a stub of lib/pq: a database/sql driver of a PostgreSQL
// server.
package pq
