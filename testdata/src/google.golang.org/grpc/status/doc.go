// Package status is a test stub of google.golang.org/grpc@v1.85.0 (status), signatures copied from the real source.
package status
