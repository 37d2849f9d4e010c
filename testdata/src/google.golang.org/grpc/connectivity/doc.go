// Package connectivity is a test stub of google.golang.org/grpc@v1.85.0 (connectivity), signatures copied from the real source.
package connectivity
