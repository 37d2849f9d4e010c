// Package schema is a test stub of k8s.io/apimachinery@v0.37.2 (pkg/runtime/schema), signatures copied from the real source.
package schema
