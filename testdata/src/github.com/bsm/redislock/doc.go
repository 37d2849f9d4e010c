// Package redislock is a test stub of github.com/bsm/redislock@v0.9.4, signatures copied from the real source.
package redislock
