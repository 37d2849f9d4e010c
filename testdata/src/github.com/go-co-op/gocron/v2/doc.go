// Package gocron is a test stub of github.com/go-co-op/gocron/v2@v2.21.2, signatures copied from the real source.
//
// Job declares a subset of the real method set.
package gocron
