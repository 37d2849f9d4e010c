// Package bson is a test stub of go.mongodb.org/mongo-driver/v2@v2.10.0 (bson), signatures copied from the real source.
package bson
