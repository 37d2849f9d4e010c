// Package types is a test stub of github.com/aws/aws-sdk-go-v2/service/dynamodb@v1.74.0 (types), signatures copied from the real source.
package types
