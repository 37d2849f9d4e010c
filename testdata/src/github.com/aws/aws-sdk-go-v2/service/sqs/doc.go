// Package sqs is a test stub of github.com/aws/aws-sdk-go-v2/service/sqs
// (subset: SendMessage), signatures copied from the real source.
package sqs
