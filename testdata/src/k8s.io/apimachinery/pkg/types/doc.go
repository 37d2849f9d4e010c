// Package types is a test stub of k8s.io/apimachinery@v0.37.2 (pkg/types), signatures copied from the real source.
package types
