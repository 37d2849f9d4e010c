// Package resourcelock is a test stub of k8s.io/client-go@v0.37.2 (tools/leaderelection/resourcelock), signatures copied from the real source.
//
// New/NewFromKubeconfig (which need the core/v1 clients and rest.Config) are not stubbed.
package resourcelock
