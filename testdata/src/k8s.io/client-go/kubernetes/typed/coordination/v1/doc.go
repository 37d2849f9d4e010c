// Package v1 is a test stub of k8s.io/client-go@v0.37.2 (kubernetes/typed/coordination/v1), signatures copied from the real source.
//
// LeaseInterface and CoordinationV1Interface declare a subset of the real method sets.
package v1
