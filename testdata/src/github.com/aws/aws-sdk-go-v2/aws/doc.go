// Package aws is a test stub of github.com/aws/aws-sdk-go-v2@v1.48.0 (aws), signatures copied from the real source.
// Config carries only Region.
package aws
