// Package aws is a test stub of github.com/aws/aws-sdk-go@v1.55.8 (aws), signatures copied from the real source.
package aws

import "context"

// Context is an alias of context.Context.
type Context = context.Context

// String returns a pointer to the string value passed in.
func String(v string) *string { return &v }
