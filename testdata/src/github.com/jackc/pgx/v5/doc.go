// Package pgx is a test stub of github.com/jackc/pgx/v5@v5.12.0, signatures copied from the real source.
//
// ConnConfig omits Tracer and DefaultQueryExecMode; LargeObjects has no methods.
package pgx
