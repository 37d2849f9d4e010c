// Package redis is a test stub of github.com/go-redsync/redsync/v4@v4.18.1 (redis), signatures copied from the real source.
package redis
