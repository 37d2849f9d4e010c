// Package request is a test stub of github.com/aws/aws-sdk-go@v1.55.8 (aws/request), signatures copied from the real source.
package request

// Request is the service request to be made (empty in the stub).
type Request struct{}

// Option is a functional option that can augment or modify a request.
type Option func(*Request)
