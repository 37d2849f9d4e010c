// Package mongo is a test stub of go.mongodb.org/mongo-driver/v2@v2.10.0 (mongo), signatures copied from the real source.
//
// Only *Collection (writes and reads), the result types, SingleResult, Cursor
// and the UpdateOne/InsertOne/DeleteOne write models are present.
package mongo
