// Package expression is a test stub of github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression@v1.10.9, signatures copied from the real source.
package expression
