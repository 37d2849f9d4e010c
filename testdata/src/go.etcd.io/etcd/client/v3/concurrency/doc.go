// Package concurrency is a test stub of go.etcd.io/etcd/client/v3@v3.7.3 (concurrency), signatures copied from the real source.
package concurrency
