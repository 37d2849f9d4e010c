// Package metadata is a test stub of google.golang.org/grpc@v1.85.0 (metadata), signatures copied from the real source.
package metadata
