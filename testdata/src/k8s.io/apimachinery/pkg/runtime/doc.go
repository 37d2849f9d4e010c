// Package runtime is a test stub of k8s.io/apimachinery@v0.37.2 (pkg/runtime), signatures copied from the real source.
package runtime
