// Package middleware is a test stub of github.com/aws/smithy-go@v1.28.9 (middleware), signatures copied from the real source.
// Only Metadata (the type of the ResultMetadata output field) is present.
package middleware
