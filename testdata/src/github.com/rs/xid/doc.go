// Package xid is a test stub of github.com/rs/xid@v1.6.0, signatures copied from the real source.
package xid
