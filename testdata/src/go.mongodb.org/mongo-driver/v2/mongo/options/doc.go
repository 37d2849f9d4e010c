// Package options is a test stub of go.mongodb.org/mongo-driver/v2@v2.10.0 (mongo/options), signatures copied from the real source.
//
// Option structs carry a subset of their fields (Internal omitted); only the
// UpdateOne and FindOneAndUpdate builders exist.
package options
