// Package dynamodb is a test stub of github.com/aws/aws-sdk-go-v2/service/dynamodb@v1.74.0, signatures copied from the real source.
// Options carries only Region and BaseEndpoint.
package dynamodb
