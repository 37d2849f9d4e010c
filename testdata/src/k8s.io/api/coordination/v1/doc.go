// Package v1 is a test stub of k8s.io/api@v0.37.2 (coordination/v1), signatures copied from the real source.
package v1
