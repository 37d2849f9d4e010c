// Package leaderelection is a test stub of k8s.io/client-go@v0.37.2 (tools/leaderelection), signatures copied from the real source.
package leaderelection
