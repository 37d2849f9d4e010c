// Package dialect is a test stub of github.com/uptrace/bun@v1.3.0 (dialect), signatures copied from the real source.
package dialect
