// Package dynamodbattribute is a test stub of github.com/aws/aws-sdk-go@v1.55.8 (service/dynamodb/dynamodbattribute), signatures copied from the real source.
package dynamodbattribute

import "github.com/aws/aws-sdk-go/service/dynamodb"

// UnmarshalMap is an alias for Unmarshal which unmarshals from
// a map of AttributeValues.
func UnmarshalMap(m map[string]*dynamodb.AttributeValue, out interface{}) error { return nil }

// MarshalMap is an alias for Marshal func which marshals Go value
// type to a map of AttributeValues.
func MarshalMap(in interface{}) (map[string]*dynamodb.AttributeValue, error) { return nil, nil }
