// Package s3 is a test stub of github.com/aws/aws-sdk-go-v2/service/s3@v1.107.2, signatures copied from the real source.
package s3
