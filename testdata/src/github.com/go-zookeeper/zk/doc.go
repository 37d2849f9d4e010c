// Package zk is a test stub of github.com/go-zookeeper/zk@v1.0.4, signatures copied from the real source.
package zk
