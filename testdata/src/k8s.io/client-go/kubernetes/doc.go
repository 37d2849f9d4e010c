// Package kubernetes is a test stub of k8s.io/client-go@v0.37.2 (kubernetes), signatures copied from the real source.
//
// Interface declares only CoordinationV1 (a subset of the real method set).
package kubernetes
