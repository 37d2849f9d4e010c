// Package uuid is a test stub of github.com/google/uuid@v1.6.0, signatures copied from the real source.
package uuid
