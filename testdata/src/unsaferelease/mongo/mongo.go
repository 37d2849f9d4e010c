// Package mongo exercises FC5001 with a lock document in MongoDB.
package mongo

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

type lockDoc struct {
	ID    string `bson:"_id"`
	Owner string `bson:"owner"`
	V     uint32 `bson:"v"`
}

type locker struct {
	coll   *mongo.Collection
	lockID string
	me     string
	lock   lockDoc
}

var errNotOwner = errors.New("not the owner")

// FindOne, compare in Go, DeleteOne by the lock's ID only.
func (l *locker) Unlock(ctx context.Context) error {
	var doc lockDoc
	if err := l.coll.FindOne(ctx, bson.M{"_id": l.lockID}).Decode(&doc); err != nil {
		return err
	}
	if doc.Owner != l.me {
		return errNotOwner
	}
	_, err := l.coll.DeleteOne(ctx, bson.M{"_id": l.lockID}) // want `MongoDB DeleteOne with the filter \{_id\} only after the lock record was read \(at mongo.go:\d+\) and its owner compared in Go \(at mongo.go:\d+\).*put the owner in the delete's filter`
	return err
}

// --- must stay silent ---

// mender: the full document acquired, version included, is the filter.
func (l *locker) UnlockFullDoc(ctx context.Context) error {
	_, err := l.coll.DeleteOne(ctx, l.lock)
	return err
}

// open-im: the owner's token is in the filter.
func (l *locker) UnlockByToken(ctx context.Context, key, value string) error {
	_, err := l.coll.DeleteOne(ctx, bson.M{"key": "LOCK_" + key, "value": value})
	return err
}

// Read and compare, then delete with the owner in the filter.
func (l *locker) UnlockChecked(ctx context.Context) error {
	var doc lockDoc
	if err := l.coll.FindOne(ctx, bson.M{"_id": l.lockID}).Decode(&doc); err != nil {
		return err
	}
	if doc.Owner != l.me {
		return errNotOwner
	}
	_, err := l.coll.DeleteOne(ctx, bson.D{{Key: "_id", Value: l.lockID}, {Key: "owner", Value: l.me}})
	return err
}
