// Package codes is a test stub of google.golang.org/grpc@v1.85.0 (codes), signatures copied from the real source.
package codes
