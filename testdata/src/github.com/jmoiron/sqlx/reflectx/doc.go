// Package reflectx is a test stub of github.com/jmoiron/sqlx@v1.4.0 (reflectx), signatures copied from the real source.
package reflectx
